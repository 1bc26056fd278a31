import { describe, expect, it } from "vitest";
import { orderedSignatures, signatureGroups, signatureLabel, type SignatureTemplateRow } from "./logo-source";

const row = (id: string, extra: Partial<SignatureTemplateRow> = {}): SignatureTemplateRow => ({
  id,
  name: `Sig ${id}`,
  ...extra,
});

describe("the dropdown", () => {
  it.each([
    [{ id: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", name: "Marcus card" }, "Marcus card"],
    [{ id: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", name: "" }, "Template 0f1e2d3c"],
    [{ id: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", name: "   " }, "Template 0f1e2d3c"],
  ])("labels %o as %j", (template, label) => expect(signatureLabel(template)).toBe(label));

  it("lists company templates first, then personal ones, each once, leaving out empty groups", () => {
    const company = [row("c1"), row("shared")];
    const personal = [row("p1"), row("shared")];
    expect(signatureGroups(company, personal)).toEqual([
      {
        label: "Company Templates",
        options: [
          { id: "c1", label: "Sig c1" },
          { id: "shared", label: "Sig shared" },
        ],
      },
      { label: "Personal Templates", options: [{ id: "p1", label: "Sig p1" }] },
    ]);
    expect(signatureGroups([], personal).map((g) => g.label)).toEqual(["Personal Templates"]);
    expect(signatureGroups([], [])).toEqual([]);
    expect(orderedSignatures(company, personal).map((t) => t.id)).toEqual(["c1", "shared", "p1"]);
  });
});
