// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { EXPORT_SHIFT_X, GMAIL_SIGNATURE_LIMIT } from "./constants";
import { sampleElements, sampleFormData, sampleGlobalSettings } from "../../../test/fixtures/signature";
import { emailClientHtml, exportSizes, signatureDocument, signatureHtml, telHref } from "./export-html";
import { buildElements, placeLine } from "./signature";

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");
const BACKGROUND = "https://www.example.com/email/signature-background.jpg";
const elements = buildElements(sampleFormData);

describe("positioned export", () => {
  const html = signatureHtml({ elements, globalSettings: sampleGlobalSettings, backgroundUrl: BACKGROUND });
  const doc = parse(html);

  it("parses to one table with the five lines, no script, no class, under Gmail's limit", () => {
    expect(doc.querySelectorAll("table")).toHaveLength(1);
    expect([...doc.querySelectorAll("td > div > div")].map((d) => d.textContent)).toEqual(
      elements.map((e) => e.content),
    );
    expect(doc.querySelector("script, [class]")).toBeNull();
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html.length).toBeLessThan(GMAIL_SIGNATURE_LIMIT);
  });

  it("shifts every line 45 px right of the preview", () => {
    const lefts = [...doc.querySelectorAll<HTMLElement>("td > div > div")].map((d) => parseFloat(d.style.left));
    expect(lefts).toEqual(elements.map((e) => placeLine(e, sampleGlobalSettings).left + EXPORT_SHIFT_X));
    expect(EXPORT_SHIFT_X).toBe(45);
  });

  it("references the background by absolute URL, or not at all without background", () => {
    expect(doc.querySelector("td")!.getAttribute("style")).toContain(`url('${BACKGROUND}')`);
    const bare = signatureHtml({ elements, globalSettings: sampleGlobalSettings, backgroundUrl: null });
    expect(bare).not.toContain("url(");
  });

  it("leaves out hidden lines and escapes text", () => {
    const hostile = buildElements({ ...sampleFormData, name: "<img src=x onerror=alert(1)>" });
    const out = signatureHtml({
      elements: sampleElements.concat([]),
      globalSettings: sampleGlobalSettings,
      backgroundUrl: null,
    });
    expect(parse(out).querySelectorAll("td > div > div")).toHaveLength(4);
    const escaped = signatureHtml({ elements: hostile, globalSettings: sampleGlobalSettings, backgroundUrl: null });
    expect(parse(escaped).querySelector("img")).toBeNull();
  });

  it("wraps the download in a whole document", () => {
    expect(signatureDocument(html)).toMatch(/^<!DOCTYPE html>[\s\S]*<table[\s\S]*<\/html>\n$/);
  });
});

describe("Gmail/Outlook export", () => {
  const url = "https://www.example.com/api/signature-images/" + "a".repeat(64) + ".png";
  const html = emailClientHtml(url, sampleFormData);
  const doc = parse(html);

  it("is a table holding the card image at 644 x 259 with the name and title as alt text", () => {
    const img = doc.querySelector("table img")!;
    expect(img.getAttribute("src")).toBe(url);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["644", "259"]);
    expect(img.getAttribute("alt")).toBe("Marcus Reyes, Project Manager");
  });

  it("has live tel: and mailto: links under the image", () => {
    const links = [...doc.querySelectorAll("a")].map((a) => [a.getAttribute("href"), a.textContent]);
    expect(links).toEqual([
      ["tel:+17135550148", "(713) 555-0148"],
      ["mailto:marcus@example.com", "marcus@example.com"],
    ]);
  });

  it("has no script, no class names, no positioning, no web fonts and stays far under 10,000 characters", () => {
    expect(doc.querySelector("script, [class], style, link")).toBeNull();
    expect(html).not.toMatch(/position:|background-image|@font-face|Inter|Great Vibes/);
    expect(html.length).toBeLessThan(GMAIL_SIGNATURE_LIMIT / 5);
  });

  it.each([
    ["(713) 555-0148", "tel:+17135550148"],
    ["+44 20 7946 0958", "tel:+442079460958"],
    ["555-0148", "tel:5550148"],
  ])("telHref(%j) is %s", (phone, href) => expect(telHref(phone)).toBe(href));
});

describe("export sizes", () => {
  it("counts characters and flags what Gmail would refuse", () => {
    expect(exportSizes({ short: "x".repeat(10), long: "x".repeat(GMAIL_SIGNATURE_LIMIT + 1) })).toEqual([
      { label: "short", characters: 10, overGmailLimit: false },
      { label: "long", characters: GMAIL_SIGNATURE_LIMIT + 1, overGmailLimit: true },
    ]);
  });
});
