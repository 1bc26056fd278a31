import { describe, expect, it } from "vitest";
import { TEXT_LIMITS } from "~/schemas/limits";
import {
  DEFAULT_DOCUMENT_CONTENT,
  DEFAULT_DOCUMENT_SETTINGS,
  DEFAULT_LOGO,
  LOGO_UPLOAD,
  PAGE_MIN_HEIGHT_PX,
  PRINT_PAGE,
  PRINTABLE_WIDTH_PX,
  PROPOSAL_SLIDERS,
  TEXT_SIZES,
} from "./constants";
import { documentSettingsSchema, proposalDocumentSchema } from "~/schemas/proposal-document";
import {
  breakdownTotal,
  buildTemplateContent,
  categoryLook,
  fitLogo,
  formatMoney,
  formatProposalDate,
  initialDocument,
  isBidOverridden,
  isSafeImageUrl,
  parseMoney,
  serializeDraft,
  toColorInputValue,
  withAmount,
} from "./proposal";
import { buildSaveRequest, parseDraft, parseTemplateContent } from "./stored-document";

const doc = initialDocument(new Date(2026, 10, 22));

describe("constants", () => {
  it("holds the default settings, valid for the schema", () => {
    expect(DEFAULT_DOCUMENT_SETTINGS).toMatchObject({
      fontFamily: "Arial",
      bodyFontSize: 9,
      headerFontSize: 11,
      headerInfoFontSize: 8,
      bidFontSize: 18,
      pageWidth: 800,
      lineHeight: 1.1,
      logoSize: 134,
      logoX: 30,
      logoY: 15,
      logoFile: "/portal/default-logo.png",
    });
    expect(DEFAULT_DOCUMENT_SETTINGS.accentColor).toMatch(/^#[0-9a-f]{6}$/i);
    expect(documentSettingsSchema.safeParse(DEFAULT_DOCUMENT_SETTINGS).success).toBe(true);
  });

  it("holds the sizes: text sizes 1/3/5, 850 px page, 0.25 in letter margin", () => {
    expect(TEXT_SIZES).toEqual({ small: 1, normal: 3, large: 5 });
    expect(PAGE_MIN_HEIGHT_PX).toBe(850);
    expect(PRINT_PAGE).toMatchObject({ widthIn: 8.5, marginIn: 0.25 });
    expect(PRINTABLE_WIDTH_PX).toBe(768);
  });

  it("starts with formatted money placeholders that add up to the base bid", () => {
    const money = (s: string) => Number(s.replace(/[$,]/g, ""));
    for (const amount of [
      DEFAULT_DOCUMENT_CONTENT.baseBidAmount,
      DEFAULT_DOCUMENT_CONTENT.paintMaterials,
      DEFAULT_DOCUMENT_CONTENT.paintLabor,
      DEFAULT_DOCUMENT_CONTENT.equipment,
    ]) {
      expect(amount).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    }
    const { baseBidAmount, paintMaterials, paintLabor, equipment } = DEFAULT_DOCUMENT_CONTENT;
    expect(money(paintMaterials) + money(paintLabor) + money(equipment)).toBe(money(baseBidAmount));
  });
});

describe("formatProposalDate", () => {
  it.each([
    [new Date(2026, 10, 22), "Sunday, November 22, 2026"],
    [new Date(2025, 0, 1), "Wednesday, January 1, 2025"],
    [new Date(2024, 1, 29), "Thursday, February 29, 2024"],
  ])("%s reads %j", (date, text) => expect(formatProposalDate(date)).toBe(text));
});

describe("initialDocument", () => {
  it("is a valid editor document dated today, describing the five-story 182-unit building", () => {
    expect(proposalDocumentSchema.safeParse(doc).success).toBe(true);
    expect(doc.documentContent.currentDate).toBe("Sunday, November 22, 2026");
    expect(doc.editorHTML).toMatch(/five-story multifamily building with 182 units/);
    for (const section of [
      "Scope of Work",
      "Interior Paint",
      "Exterior Paint",
      "Inclusions",
      "Exclusions",
      "VE Options/Add-ons",
    ]) {
      expect(doc.editorHTML).toContain(`>${section}</h`);
    }
  });

  it("hands out copies, so editing one document never changes the defaults", () => {
    doc.documentSettings.logoSize = 500;
    expect(DEFAULT_DOCUMENT_SETTINGS.logoSize).toBe(134);
    doc.documentSettings.logoSize = 134;
  });
});

describe("templateContent", () => {
  it("is exactly { documentSettings, documentContent, editorHTML } as JSON", () => {
    const text = buildTemplateContent({ ...doc, extra: "dropped" } as typeof doc);
    expect(Object.keys(JSON.parse(text))).toEqual(["documentSettings", "documentContent", "editorHTML"]);
    expect(JSON.parse(text)).toEqual(doc);
  });

  it("stays under 300 KB with the largest logo an upload keeps", () => {
    const logo = `data:image/webp;base64,${"A".repeat(LOGO_UPLOAD.maxDataUrlChars - 23)}`;
    const content = buildTemplateContent({ ...doc, documentSettings: { ...doc.documentSettings, logoFile: logo } });
    expect(new TextEncoder().encode(content).length).toBeLessThan(300_000);
    expect(content.length).toBeLessThan(TEXT_LIMITS.templateContent);
  });

  it("round-trips through parseTemplateContent", () => {
    expect(parseTemplateContent(buildTemplateContent(doc))).toEqual({ ok: true, document: doc });
  });

  it.each([
    ["plain text from the dashboard", "Scope of work: paint everything", /not JSON/],
    ["JSON of another shape", JSON.stringify({ title: "x" }), /templateContent\.documentSettings/],
    [
      "a setting out of range",
      JSON.stringify({ ...doc, documentSettings: { ...doc.documentSettings, pageWidth: 2000 } }),
      /documentSettings\.pageWidth/,
    ],
    [
      "an unknown font",
      JSON.stringify({ ...doc, documentSettings: { ...doc.documentSettings, fontFamily: "Comic Sans" } }),
      /fontFamily/,
    ],
    [
      "a non-hex accent",
      JSON.stringify({ ...doc, documentSettings: { ...doc.documentSettings, accentColor: "red;background:url(x)" } }),
      /accentColor/,
    ],
    [
      "missing HTML",
      JSON.stringify({ documentSettings: doc.documentSettings, documentContent: doc.documentContent }),
      /editorHTML/,
    ],
    ["JSON null", "null", /\(root\)/],
  ])("refuses %s, naming what failed", (_, text, error) => {
    const parsed = parseTemplateContent(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toMatch(error);
  });

  it("replaces a logo that is not an image URL with the default one instead of failing", () => {
    const hostile = { ...doc, documentSettings: { ...doc.documentSettings, logoFile: "javascript:alert(1)" } };
    const parsed = parseTemplateContent(JSON.stringify(hostile));
    expect(parsed.ok && parsed.document.documentSettings.logoFile).toBe(DEFAULT_LOGO);
  });
});

describe("isSafeImageUrl", () => {
  it.each([
    ["data:image/png;base64,iVBORw0KGgo=", true],
    ["data:image/svg+xml,%3Csvg%3E", false],
    ["data:image/webp;base64,UklGR", true],
    ["https://cdn.example.com/logo.png", true],
    ["http://example.com/logo.png", true],
    ["/portal/default-logo.png", true],
    ["javascript:alert(1)", false],
    [" JavaScript:alert(1)", false],
    ["data:text/html,<script>alert(1)</script>", false],
    ["//evil.example.com/x.png", false],
    ["file:///etc/passwd", false],
    ["", false],
  ])("%j is %s", (url, safe) => expect(isSafeImageUrl(url)).toBe(safe));
});

describe("buildSaveRequest", () => {
  it("posts a trimmed title, category multifamily and the document as templateContent", () => {
    const request = buildSaveRequest({ name: "  Cypress Creek bid  ", description: "  Phase 1 " }, doc);
    expect(request).toEqual({
      ok: true,
      input: {
        title: "Cypress Creek bid",
        description: "Phase 1",
        category: "multifamily",
        templateContent: buildTemplateContent(doc),
      },
    });
  });

  it("sends no description when it is blank", () => {
    const request = buildSaveRequest({ name: "Bid", description: "   " }, doc);
    expect(request.ok && request.input.description).toBeNull();
  });

  it.each(["", "   ", "\n\t"])("refuses the blank name %j as name-required", (name) => {
    expect(buildSaveRequest({ name, description: "" }, doc)).toMatchObject({ ok: false, problem: "name-required" });
  });

  it("refuses what the API would refuse, e.g. a name over its length limit", () => {
    expect(buildSaveRequest({ name: "x".repeat(201), description: "" }, doc)).toMatchObject({
      ok: false,
      problem: "invalid",
      error: /title/,
    });
  });
});

describe("categoryLook", () => {
  it.each([
    ["residential", "house", "Residential"],
    ["multifamily", "building-complex", "Multifamily"],
    ["commercial", "briefcase", "Commercial"],
    ["industrial", "file-text", "Other"],
    ["", "file-text", "Other"],
  ])("%j shows the %s icon labelled %s", (category, icon, label) =>
    expect(categoryLook(category)).toMatchObject({ icon, label }),
  );
});

describe("toColorInputValue", () => {
  it.each([
    ["#C59A2E", "#c59a2e"],
    ["#abc", "#aabbcc"],
    ["#abcd", "#aabbcc"],
    ["#11223344", "#112233"],
    ["#12345", DEFAULT_DOCUMENT_SETTINGS.accentColor],
  ])("%s becomes %s", (hex, value) => expect(toColorInputValue(hex)).toBe(value));
});

describe("sliders", () => {
  it.each([
    ["logoSize", 50, 700, 1],
    ["logoX", -200, 600, 1],
    ["logoY", -200, 300, 1],
    ["bodyFontSize", 8, 16, 1],
    ["headerFontSize", 10, 20, 1],
    ["headerInfoFontSize", 7, 14, 1],
    ["bidFontSize", 16, 36, 1],
    ["pageWidth", 650, 950, 10],
    ["lineHeight", 1, 2, 0.1],
  ] as const)("%s runs %d..%d in steps of %d", (key, min, max, step) =>
    expect(PROPOSAL_SLIDERS[key]).toEqual({ min, max, step }),
  );
});

describe("money", () => {
  it.each([
    ["$1,234.50", 1234.5],
    ["1234.5", 1234.5],
    [" 485000 ", 485000],
    ["-$18,200.00", -18200],
    ["0.125", 0.13],
    [".5", 0.5],
    ["", null],
    ["lots", null],
    ["1.2.3", null],
    ["1e9", null],
  ])("parseMoney(%j) is %j", (text, amount) => expect(parseMoney(text)).toBe(amount));

  it.each([
    [0, "$0.00"],
    [1234.5, "$1,234.50"],
    [-18200, "-$18,200.00"],
  ])("formatMoney(%d) is %j", (amount, text) => expect(formatMoney(amount)).toBe(text));

  const content = DEFAULT_DOCUMENT_CONTENT;

  it("starts with a base bid that is the breakdown's sum, not an override", () => {
    expect(breakdownTotal(content)).toBe(485000);
    expect(isBidOverridden(content)).toBe(false);
  });

  it("moves the base bid with the breakdown until the base bid is typed over", () => {
    const labor = withAmount(content, "paintLabor", 300000.5);
    expect(labor).toMatchObject({ paintLabor: "$300,000.50", baseBidAmount: "$494,000.50" });
    const overridden = withAmount(labor, "baseBidAmount", 500000);
    expect(isBidOverridden(overridden)).toBe(true);
    const moved = withAmount(overridden, "equipment", 1);
    expect(moved).toMatchObject({ equipment: "$1.00", baseBidAmount: "$500,000.00" });
    const back = withAmount(moved, "baseBidAmount", null);
    expect(back.baseBidAmount).toBe("$445,501.50");
    expect(isBidOverridden(back)).toBe(false);
  });

  it("adds cents exactly (0.1 + 0.2 is 0.30)", () => {
    const cents = {
      ...content,
      baseBidAmount: "$0.30",
      paintMaterials: "$0.10",
      paintLabor: "$0.20",
      equipment: "$0.00",
    };
    expect(withAmount(cents, "equipment", 0).baseBidAmount).toBe("$0.30");
  });

  it("typing the sum itself into the base bid is not an override", () => {
    expect(isBidOverridden(withAmount(content, "baseBidAmount", 485000))).toBe(false);
  });
});

describe("browser draft", () => {
  it("round-trips the document with the time it was kept", () => {
    const now = new Date("2026-11-22T17:00:00.000Z");
    expect(parseDraft(serializeDraft(doc, now))).toEqual({ savedAt: now.toISOString(), document: doc });
    const bidId = "0b7c2f6e-2a51-4d0f-9a43-5c3e7d1f8a20";
    expect(parseDraft(serializeDraft(doc, now, bidId))).toEqual({ savedAt: now.toISOString(), document: doc, bidId });
    const stored = JSON.parse(serializeDraft(doc, now)) as Record<string, unknown>;
    expect(parseDraft(JSON.stringify({ ...stored, bidId: "not-a-uuid" }))?.bidId).toBeUndefined();
  });

  it.each([
    null,
    "",
    "not json",
    JSON.stringify({ savedAt: 1 }),
    JSON.stringify({ savedAt: "x", templateContent: "{}" }),
  ])("ignores an unreadable draft %j", (text) => expect(parseDraft(text)).toBeNull());
});

describe("fitLogo", () => {
  it.each([
    [2400, 1200, 1200, { width: 1200, height: 600 }],
    [800, 300, 1200, { width: 800, height: 300 }],
    [5000, 1, 1200, { width: 1200, height: 1 }],
  ])("%d x %d within %d px is %j", (w, h, max, fitted) => expect(fitLogo(w, h, max)).toEqual(fitted));
});
