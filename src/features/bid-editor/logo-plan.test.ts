import { describe, expect, it } from "vitest";
import { sampleElements, sampleFormData, sampleGlobalSettings } from "../../../test/fixtures/signature";
import { planSignatureLogo } from "./logo-plan";
import type { SignatureTemplateRow } from "./logo-source";

const row = (id: string, extra: Partial<SignatureTemplateRow> = {}): SignatureTemplateRow => ({
  id,
  name: `Sig ${id}`,
  ...extra,
});
const positioned = {
  formData: JSON.stringify(sampleFormData),
  elements: JSON.stringify(sampleElements),
  globalSettings: JSON.stringify(sampleGlobalSettings),
};

describe("planSignatureLogo: the first case that applies wins", () => {
  it.each<[string, SignatureTemplateRow, string]>([
    [
      "logoUrl beats everything else",
      row("a", { ...positioned, htmlContent: "<p>x</p>", logoUrl: "https://cdn.example.com/logo.png" }),
      "url",
    ],
    [
      "positioned lines beat stored HTML",
      row("a", { ...positioned, htmlContent: "<p>x</p>", logoUrl: null }),
      "signature",
    ],
    [
      "stored HTML when the lines are absent",
      row("a", { formData: "", elements: "", globalSettings: "", htmlContent: "<table><tr><td>Hi</td></tr></table>" }),
      "html",
    ],
    [
      "stored HTML when only some JSON fields exist",
      row("a", { formData: positioned.formData, htmlContent: "<p>x</p>" }),
      "html",
    ],
    ["the default logo when there is nothing", row("a", { logoUrl: "  ", htmlContent: null }), "default"],
    ["an error when the JSON is broken", row("a", { ...positioned, elements: "[{not json" }), "error"],
    [
      "an error when the JSON has the wrong shape",
      row("a", { ...positioned, globalSettings: JSON.stringify({ globalX: "left" }) }),
      "error",
    ],
    [
      "an error (not HTML) when the lines are broken even if HTML exists",
      row("a", { ...positioned, formData: "{", htmlContent: "<p>x</p>" }),
      "error",
    ],
    ["an error when logoUrl is not an image URL", row("a", { logoUrl: "javascript:alert(1)" }), "error"],
  ])("%s", (_, template, kind) => expect(planSignatureLogo([row("other"), template], "a").kind).toBe(kind));

  it("is not-found for an unknown id", () => {
    expect(planSignatureLogo([row("a")], "missing")).toEqual({ kind: "not-found" });
  });

  it("hands over the parsed lines, settings and contact values", () => {
    const plan = planSignatureLogo([row("a", positioned)], "a");
    expect(plan).toEqual({
      kind: "signature",
      elements: sampleElements,
      globalSettings: sampleGlobalSettings,
      formData: sampleFormData,
    });
  });

  it("accepts a partial contact card: it is only the fallback for empty lines", () => {
    const plan = planSignatureLogo([row("a", { ...positioned, formData: JSON.stringify({ name: "Ana" }) })], "a");
    expect(plan).toMatchObject({ kind: "signature", formData: { name: "Ana" } });
  });

  it("names the template and the field in an error", () => {
    const plan = planSignatureLogo([row("a", { ...positioned, elements: "oops" })], "a");
    expect(plan).toEqual({ kind: "error", error: "Signature template a: elements is not JSON" });
  });
});
