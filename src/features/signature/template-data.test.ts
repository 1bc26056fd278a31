import { describe, expect, it } from "vitest";
import { DEFAULT_LINES } from "./constants";
import { sampleElements, sampleFormData, sampleGlobalSettings } from "../../../test/fixtures/signature";
import { signatureTemplateInputSchema } from "~/schemas/signature";
import {
  clampGlobalSettings,
  completeElements,
  EMPTY_SAVE_FORM,
  parseTemplate,
  parseTemplateLayout,
  templateInput,
  onThisOrigin,
} from "./template-data";

const template = {
  formData: JSON.stringify(sampleFormData),
  elements: JSON.stringify(sampleElements),
  globalSettings: JSON.stringify(sampleGlobalSettings),
};

describe("parseTemplate", () => {
  it("reads the three JSON strings", () => {
    const parsed = parseTemplate(template);
    expect(parsed).toMatchObject({
      ok: true,
      value: { formData: sampleFormData, globalSettings: sampleGlobalSettings },
    });
    if (parsed.ok) expect(parsed.value.elements).toEqual(sampleElements);
  });

  it.each([
    ["formData is not JSON", { formData: "{" }, /formData is not JSON/],
    ["formData lacks a field", { formData: JSON.stringify({ name: "A" }) }, /formData is invalid/],
    ["elements is not an array", { elements: "{}" }, /elements is invalid/],
    ["a line repeats", { elements: JSON.stringify([sampleElements[0], sampleElements[0]]) }, /appear only once/],
    [
      "a scale is out of range",
      { elements: JSON.stringify([{ ...sampleElements[0], scale: 9 }]) },
      /elements is invalid/,
    ],
    ["globalSettings is not JSON", { globalSettings: "nope" }, /globalSettings is not JSON/],
    [
      "globalSettings lacks lineSpacing",
      { globalSettings: JSON.stringify({ globalX: 0, globalY: 0, globalScale: 1 }) },
      /globalSettings is invalid/,
    ],
  ])("fails when %s", (_case, change, message) => {
    const parsed = parseTemplate({ ...template, ...change });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(String(parsed.error)).toMatch(message);
  });

  it("rewrites line content from the template's contact card and restores missing lines", () => {
    const stale = [{ ...sampleElements[1]!, content: "Mobile: old" }];
    const parsed = parseTemplate({ ...template, elements: JSON.stringify(stale) });
    expect(parsed.ok && parsed.value.elements.map((e) => [e.id, e.content, e.position])).toEqual([
      [
        "name-title",
        "Marcus Reyes, Project Manager",
        { x: DEFAULT_LINES["name-title"].x, y: DEFAULT_LINES["name-title"].y },
      ],
      ["mobile", "Mobile: (713) 555-0148", sampleElements[1]!.position],
      ["email", "marcus@example.com", { x: DEFAULT_LINES.email.x, y: DEFAULT_LINES.email.y }],
      ["city", "Houston, TX", { x: DEFAULT_LINES.city.x, y: DEFAULT_LINES.city.y }],
      ["quote", "Anchored in Quality", { x: DEFAULT_LINES.quote.x, y: DEFAULT_LINES.quote.y }],
    ]);
  });
});

describe("clampGlobalSettings", () => {
  it("keeps global offsets inside their slider ranges", () => {
    expect(clampGlobalSettings({ ...sampleGlobalSettings, globalX: -300, globalY: 80 })).toEqual({
      ...sampleGlobalSettings,
      globalX: -100,
      globalY: 50,
    });
  });
});

describe("parseTemplateLayout", () => {
  it("needs only elements and global settings", () => {
    expect(parseTemplateLayout({ ...template, elements: template.elements }).ok).toBe(true);
    expect(parseTemplateLayout({ elements: "[", globalSettings: template.globalSettings }).ok).toBe(false);
  });
});

describe("completeElements", () => {
  it("keeps positions inside the slider ranges, so every slider can show its line", () => {
    const far = [{ ...sampleElements[0]!, position: { x: 900, y: -400 } }];
    expect(completeElements(far, sampleFormData)[0]!.position).toEqual({ x: 200, y: -100 });
  });

  it("keeps the fixed line order whatever order they were saved in", () => {
    const lines = completeElements([...sampleElements].reverse(), sampleFormData);
    expect(lines.map((e) => e.id)).toEqual(["name-title", "mobile", "email", "city", "quote"]);
    expect(lines[4]!.visible).toBe(false);
  });
});

describe("templateInput", () => {
  const signature = { formData: sampleFormData, elements: sampleElements, globalSettings: sampleGlobalSettings };

  it.each(["", "   "])("is null for the name %j", (name) => {
    expect(templateInput({ ...EMPTY_SAVE_FORM, name }, signature, "<table></table>", null)).toBeNull();
  });

  it("builds the API body: trimmed texts, the three JSON strings, HTML, logo URL and the company mark", () => {
    const input = templateInput(
      { name: "  Office  ", description: "  ", isCompanyTemplate: true },
      signature,
      "<table></table>",
      "https://cdn.example.com/logo.png",
    );
    expect(input).toEqual({
      name: "Office",
      description: null,
      formData: JSON.stringify(sampleFormData),
      elements: JSON.stringify(sampleElements),
      globalSettings: JSON.stringify(sampleGlobalSettings),
      htmlContent: "<table></table>",
      logoUrl: "https://cdn.example.com/logo.png",
      isCompanyTemplate: true,
    });
    expect(signatureTemplateInputSchema.safeParse(input).success).toBe(true);
  });
});

describe("onThisOrigin", () => {
  const site = "https://www.example.com";
  it("turns the configured site's URLs into paths, leaving other hosts and lookalikes alone", () => {
    const html = `<img src="${site}/api/signature-images/a.png"><div style="background-image:url(&quot;${site}/email/bg.jpg&quot;)"></div><img src="https://www.example.com.evil/x.png"><a href="https://other.example/">x</a>`;
    expect(onThisOrigin(html, site)).toBe(
      `<img src="/api/signature-images/a.png"><div style="background-image:url(&quot;/email/bg.jpg&quot;)"></div><img src="https://www.example.com.evil/x.png"><a href="https://other.example/">x</a>`,
    );
  });
  it("changes nothing without a configured site", () =>
    expect(onThisOrigin(`<img src="${site}/a.png">`, "")).toBe(`<img src="${site}/a.png">`));
});
