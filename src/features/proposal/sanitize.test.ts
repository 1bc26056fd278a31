// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { SAMPLE_BODY_HTML } from "./sample-body";
import { allowedAttribute, keepAlignment, sanitizeEditorHtml, sanitizeSignatureHtml } from "./sanitize";
import { XSS_PAYLOADS } from "./xss-payloads";

/** Whether any element of `html` could run script: an on* attribute, a script-ish tag or a javascript: URL. */
function hasActiveContent(html: string): boolean {
  const template = document.createElement("template");
  template.innerHTML = html;
  return [...template.content.querySelectorAll("*")].some(
    (el) =>
      /^(script|iframe|object|embed|svg|math|img|a|style|form|noscript)$/i.test(el.localName) ||
      [...el.attributes].some((a) => /^on/i.test(a.name) || /javascript:/i.test(a.value)),
  );
}

describe("sanitizeEditorHtml", () => {
  it.each(XSS_PAYLOADS)("leaves %s inert, and stays stable when sanitised again", (payload) => {
    const once = sanitizeEditorHtml(`<p>before</p>${payload}<p>after</p>`);
    expect(hasActiveContent(once)).toBe(false);
    expect(once).not.toMatch(/onerror|onload|onclick|javascript:|<script|<svg|<math|<img|<iframe/i);
    expect(sanitizeEditorHtml(once)).toBe(once);
  });

  it("keeps the sample document exactly: every tag it uses is the editor's", () => {
    expect(sanitizeEditorHtml(SAMPLE_BODY_HTML)).toBe(SAMPLE_BODY_HTML);
  });

  it.each([
    ["<p><strong>b</strong><em>i</em><u>u</u></p>", "<p><strong>b</strong><em>i</em><u>u</u></p>"],
    ['<p style="text-align: center; color: red">c</p>', '<p style="text-align: center;">c</p>'],
    ['<h2 style="position:fixed">h</h2>', "<h2>h</h2>"],
    [
      '<p><span data-size="5">big</span><span data-size="9">x</span></p>',
      '<p><span data-size="5">big</span><span>x</span></p>',
    ],
    [
      '<div data-type="columns" class="evil" id="x"><div data-type="column"><p>a</p></div></div>',
      '<div data-type="columns"><div data-type="column"><p>a</p></div></div>',
    ],
    ['<ol start="3"><li>c</li></ol><ul><li>d</li></ul>', '<ol start="3"><li>c</li></ol><ul><li>d</li></ul>'],
    ['<p data-x="1" aria-label="x">plain</p>', "<p>plain</p>"],
    ["<table><tr><td>cell</td></tr></table>", "cell"],
  ])("%s becomes %s", (input, output) => expect(sanitizeEditorHtml(input)).toBe(output));
});

describe("sanitizeSignatureHtml", () => {
  it.each(XSS_PAYLOADS)("leaves %s inert on the logo card", (payload) => {
    const html = sanitizeSignatureHtml(payload);
    expect(html).not.toMatch(/onerror|onload|onclick|javascript:|<script|<svg|<math|<iframe|<style/i);
  });

  it("keeps inline-styled signature markup", () => {
    const html = '<div style="font-weight: bold; color: rgb(197, 154, 46);">Jane Doe</div>';
    expect(sanitizeSignatureHtml(html)).toBe(html);
  });
});

describe("style attributes keep only the alignment", () => {
  it.each([
    ["text-align: center;", "text-align: center;"],
    ["TEXT-ALIGN:Right", "text-align: right;"],
    ["color: red; text-align: left; font-size: 40px", "text-align: left;"],
    ["text-align: left; text-align: right", "text-align: right;"],
    ["text-align: justify", ""],
    ["background: url(javascript:alert(1))", ""],
    ["text-align: expression(alert(1))", ""],
    ["", ""],
  ])("%j becomes %j", (style, kept) => expect(keepAlignment(style)).toBe(kept));
});

describe("data attributes", () => {
  it.each([
    ["SPAN", "data-size", "1", true],
    ["SPAN", "data-size", "5", true],
    ["SPAN", "data-size", "3", false],
    ["P", "data-size", "1", false],
    ["DIV", "data-type", "columns", true],
    ["DIV", "data-type", "column", true],
    ["DIV", "data-type", "iframe", false],
    ["OL", "start", "12", true],
    ["OL", "start", "1e9", false],
  ])("%s %s=%j allowed: %s", (tag, name, value, allowed) => expect(allowedAttribute(tag, name, value)).toBe(allowed));
});
