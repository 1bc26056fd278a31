import { describe, expect, it } from "vitest";
import { DEFAULT_CONTACT, DEFAULT_GLOBAL_SETTINGS, DEFAULT_LINES } from "./constants";
import { sampleFormData } from "../../../test/fixtures/signature";
import { signatureElementsSchema } from "~/schemas/signature";
import { buildElements, lineContent, lineText, placeLine, withContent } from "./signature";

describe("signature lines", () => {
  it.each([
    ["name-title", "Marcus Reyes, Project Manager"],
    ["mobile", "Mobile: (713) 555-0148"],
    ["email", "marcus@example.com"],
    ["city", "Houston, TX"],
    ["quote", "Anchored in Quality"],
  ] as const)("%s reads %j", (id, text) => expect(lineContent(id, sampleFormData)).toBe(text));

  it("drops the comma and the Mobile: prefix when their values are empty", () => {
    const blank = { ...sampleFormData, title: "", phone: "  " };
    expect(lineContent("name-title", blank)).toBe("Marcus Reyes");
    expect(lineContent("mobile", blank)).toBe("");
  });

  it("builds the five default lines, valid for the API", () => {
    const elements = buildElements(DEFAULT_CONTACT);
    expect(elements.map((e) => [e.id, e.position.x, e.position.y, e.scale])).toEqual(
      Object.entries(DEFAULT_LINES).map(([id, p]) => [id, p.x, p.y, p.scale]),
    );
    expect(signatureElementsSchema.safeParse(elements).success).toBe(true);
  });

  it("rewrites every line when the contact card changes, keeping positions", () => {
    const moved = buildElements(DEFAULT_CONTACT).map((e) => ({ ...e, position: { x: 7, y: 9 } }));
    const rewritten = withContent(moved, sampleFormData);
    expect(rewritten.map((e) => e.content)).toEqual(buildElements(sampleFormData).map((e) => e.content));
    expect(rewritten.every((e) => e.position.x === 7 && e.position.y === 9)).toBe(true);
  });

  it("falls back to the contact value its field names when a saved line has no content", () => {
    const [, mobile] = buildElements(sampleFormData);
    expect(lineText({ ...mobile!, content: "" }, { phone: "(713) 555-0000" })).toBe("(713) 555-0000");
    expect(lineText({ ...mobile!, content: "" })).toBe("");
  });

  it("places a line from the card centre, offset globally, scaled by line times global scale", () => {
    const [name] = buildElements(DEFAULT_CONTACT);
    expect(placeLine(name!, DEFAULT_GLOBAL_SETTINGS)).toEqual({
      left: 322 - 60,
      top: 130 - 35 - 40,
      scale: 1.1 * 0.95,
    });
    expect(placeLine(name!, DEFAULT_GLOBAL_SETTINGS, 45).left).toBe(322 - 60 + 45);
  });
});
