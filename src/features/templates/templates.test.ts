import { describe, expect, test } from "vitest";
import { TEXT_LIMITS } from "~/schemas/limits";
import { DEFAULT_TEMPLATE_CATEGORY, TEMPLATE_CATEGORIES } from "~/schemas/proposal-fields";
import type { ProposalTemplate } from "~/schemas/proposal-template";
import {
  CATEGORY_LOOK,
  EMPTY_TEMPLATE_FORM,
  formatCreated,
  formFromTemplate,
  type TemplateFormValues,
} from "./templates";
import { validateTemplateForm } from "./template-check";

const valid: TemplateFormValues = {
  title: "Garden apartments",
  description: "",
  templateContent: "Scope of work",
  category: "multifamily",
};

describe("the template form", () => {
  test("starts empty with category residential", () => {
    expect(EMPTY_TEMPLATE_FORM).toEqual({ title: "", description: "", templateContent: "", category: "residential" });
    expect(EMPTY_TEMPLATE_FORM.category).toBe(DEFAULT_TEMPLATE_CATEGORY);
  });

  test("fills from a saved template, a missing description as empty text", () => {
    const template: ProposalTemplate = {
      id: "00000000-0000-4000-8000-000000000001",
      title: "T",
      description: null,
      templateContent: "C",
      category: "commercial",
      createdAt: "2026-11-22T10:00:00.000Z",
    };
    expect(formFromTemplate(template)).toEqual({
      title: "T",
      description: "",
      templateContent: "C",
      category: "commercial",
    });
  });

  test("a valid form becomes the request body; a blank description is sent as null", () => {
    expect(validateTemplateForm(valid)).toEqual({
      ok: true,
      input: {
        title: "Garden apartments",
        description: null,
        templateContent: "Scope of work",
        category: "multifamily",
      },
    });
    expect(validateTemplateForm({ ...valid, description: "  kept  " })).toMatchObject({
      ok: true,
      input: { description: "kept" },
    });
  });

  test.each([
    ["title missing", { title: "" }, { title: "Title is required" }],
    ["title only spaces", { title: "   " }, { title: "Title is required" }],
    ["content missing", { templateContent: "" }, { templateContent: "Template content is required" }],
    [
      "both missing",
      { title: "", templateContent: "" },
      { title: "Title is required", templateContent: "Template content is required" },
    ],
    ["title too long", { title: "x".repeat(TEXT_LIMITS.title + 1) }, { title: "Title is too long" }],
    [
      "description too long",
      { description: "x".repeat(TEXT_LIMITS.description + 1) },
      { description: "Description is too long" },
    ],
  ])("%s: one message per invalid field", (_name, change, errors) => {
    expect(validateTemplateForm({ ...valid, ...change })).toEqual({ ok: false, errors });
  });
});

describe("categories", () => {
  test("every category has a look: residential blue, multifamily green, commercial purple", () => {
    expect(Object.keys(CATEGORY_LOOK).sort()).toEqual([...TEMPLATE_CATEGORIES].sort());
    expect(CATEGORY_LOOK.residential.className).toMatch(/blue/);
    expect(CATEGORY_LOOK.multifamily.className).toMatch(/green/);
    expect(CATEGORY_LOOK.commercial.className).toMatch(/purple/);
  });
});

describe("formatCreated", () => {
  test.each([
    ["2026-11-22T12:00:00.000Z", "Nov 22, 2026"],
    ["2022-01-05T12:00:00.000Z", "Jan 5, 2022"],
    ["not a date", ""],
  ])("%s -> %j", (iso, expected) => {
    expect(formatCreated(iso)).toBe(expected);
  });
});
