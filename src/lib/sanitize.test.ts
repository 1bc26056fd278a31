// @vitest-environment jsdom
import createDOMPurify from "dompurify";
import { describe, expect, it } from "vitest";
import { TEXT_SIZES } from "~/features/bid-editor/constants";
import { SAFE_IMAGE_URL } from "~/schemas/limits";
import { SAMPLE_BODY_HTML } from "~/features/bid-editor/sample-body";
import { emailClientHtml, signatureHtml } from "~/features/signature/export-html";
import { buildElements } from "~/features/signature/signature";
import { sampleFormData, sampleGlobalSettings } from "../../test/fixtures/signature";
import {
  cssUrls,
  HTML_PROFILES,
  htmlSanitizer,
  parseStyle,
  sanitizeStyle,
  STYLE_PROFILES,
  type HtmlProfile,
  type StyleProfile,
} from "./sanitize";
import { STYLE_PAYLOADS, XSS_PAYLOADS } from "../../test/fixtures/xss-payloads";

const sanitize = htmlSanitizer(createDOMPurify);

const PNG = "data:image/png;base64,iVBORw0KGgo=";
const htmlProfiles = Object.keys(HTML_PROFILES) as HtmlProfile[];
const styleProfiles = Object.keys(STYLE_PROFILES) as StyleProfile[];

/** A declaration block as the browser holds it: each longhand's value and priority. */
function declarations(css: string): Record<string, string> {
  const style = parseStyle(css);
  return Object.fromEntries(
    Array.from({ length: style.length }, (_, i) => style.item(i)).map((p) => [
      p,
      style.getPropertyValue(p) + (style.getPropertyPriority(p) ? " !important" : ""),
    ]),
  );
}

/** Why a sanitised style could still load, run or cover something; null when it cannot. */
function styleHazard(profile: StyleProfile, css: string): string | null {
  const calls = css.match(/url\(/gi)?.length ?? 0;
  if (/!important|javascript:|expression|image-set|var\(|env\(|[@<>\\{}]/i.test(css)) return "a forbidden word";
  if (calls > 0 && !STYLE_PROFILES[profile].images) return "a url() in a profile without images";
  const urls = cssUrls(css);
  if (urls.length !== calls || !urls.every((url) => SAFE_IMAGE_URL.test(url))) return "an unsafe url()";
  if (!["", "absolute", "relative", "static"].includes(parseStyle(css).getPropertyValue("position")))
    return "fixed or sticky positioning";
  return null;
}

/** Why sanitised HTML could still run or load something a profile does not allow; null when it cannot. */
function htmlHazard(profile: HtmlProfile, html: string): string | null {
  const { tags, attributes, urls, style } = HTML_PROFILES[profile];
  const template = document.createElement("template");
  template.innerHTML = html;
  for (const element of template.content.querySelectorAll("*")) {
    if (!(tags as readonly string[]).includes(element.localName)) return `a <${element.localName}>`;
    for (const { name, value } of element.attributes) {
      if (!(attributes as readonly string[]).includes(name)) return `a ${name} attribute`;
      if ((name === "src" || name === "href") && !urls.test(value)) return `${name}="${value}"`;
      if (name === "style" && styleHazard(style, value)) return `style="${value}": ${styleHazard(style, value)}`;
    }
  }
  return null;
}

const escapeAttribute = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

describe("every profile leaves hostile input inert, and stays stable when sanitised again", () => {
  const htmlCases = htmlProfiles.flatMap((profile) => [
    ...XSS_PAYLOADS.map((payload) => [profile, payload] as const),
    ...STYLE_PAYLOADS.map((css) => [profile, `<p style="${escapeAttribute(css)}">styled</p>`] as const),
  ]);
  it.each(htmlCases)("HTML profile %s: %s", (profile, payload) => {
    const once = sanitize(profile, `<p>before</p>${payload}<p>after</p>`);
    expect(htmlHazard(profile, once)).toBeNull();
    expect(once).not.toMatch(/on\w+=|javascript:|<script|<svg|<math|<iframe|<object|<style/i);
    expect(once).toMatch(/^<p>before<\/p>/);
    expect(sanitize(profile, once)).toBe(once);
  });

  const styleCases = styleProfiles.flatMap((profile) =>
    [...STYLE_PAYLOADS, ...XSS_PAYLOADS].map((payload) => [profile, payload] as const),
  );
  it.each(styleCases)("style profile %s: %s", (profile, payload) => {
    const once = sanitizeStyle(profile, payload);
    expect(styleHazard(profile, once)).toBeNull();
    expect(sanitizeStyle(profile, once)).toBe(once);
  });
});

describe("style profiles", () => {
  it.each([
    [
      "keeps the logo's layout, size, colour, background, border and radius",
      "position:absolute;left:10px;top:5px;width:80px;height:40px;color:#fff;background-color:rgba(0,0,0,.5);border:1px solid #c59a2e;border-radius:8px;opacity:.9",
    ],
    ["keeps a raster data URL image", `width:120px;height:60px;background-image:url('${PNG}');background-size:contain`],
    [
      "keeps an image stored on this site",
      `width:120px;background-image:url('/api/signature-images/${"0f".repeat(32)}.jpg')`,
    ],
    [
      "keeps an https image in the background shorthand",
      'background:url("https://cdn.example.com/l.png") no-repeat center / cover;margin:0 auto;padding:4px 8px',
    ],
    [
      "keeps gradients",
      "background:linear-gradient(135deg,#c59a2e,#f5d67a);background-image:radial-gradient(circle,rgba(255,255,255,.4),transparent)",
    ],
    ["keeps sizes in every unit", "width:calc(100% - 4px);height:5em;max-width:50vw;min-height:1rem;overflow:hidden"],
  ])("logo: %s, exactly", (_name, css) => {
    const kept = sanitizeStyle("logo", css);
    expect(declarations(kept)).toEqual(declarations(css));
    expect(kept).not.toBe("");
  });

  it.each([
    ["drops properties outside the list", "width:10px;cursor:pointer;font-family:Comic Sans;content:'x'", "width:10px"],
    ["drops javascript: URLs", 'background-image:url("javascript:alert(1)");width:5px', "width:5px"],
    ["drops http and relative URLs", "background-image:url(http://x.test/a.png);height:2px", "height:2px"],
    ["drops a background shorthand whose image is unsafe", "width:1px;background:url(/a.png) no-repeat", "width:1px"],
    [
      "drops every background part with an unsafe image",
      "background-color:red;background-image:url(http://x.test/a.png);color:red",
      "color:red",
    ],
    [
      "drops a border whose image is unsafe",
      "border:1px solid red;border-image-source:url(/b.png);width:2px",
      "width:2px",
    ],
    ["drops SVG data URLs", "background-image:url(data:image/svg+xml;base64,PHN2Zz4=);top:1px", "top:1px"],
    ["drops fixed positioning, keeps the offsets", "position:fixed;left:0;top:0", "left:0;top:0"],
    ["drops custom properties and what uses them", "--w:5px;width:var(--w);height:3px", "height:3px"],
    ["drops image-set()", "background-image:image-set('https://x.test/a.png' 1x);color:red", "color:red"],
    ["drops !important", "width:5px !important;height:4px", "height:4px"],
    ["reads escapes as the browser does", "width:1\\70x;height:/**/5px", "width:1px;height:5px"],
    ["keeps nothing from nothing usable", "cursor:pointer;content:'x'", ""],
  ])("logo: %s", (_name, input, output) => {
    expect(declarations(sanitizeStyle("logo", input))).toEqual(declarations(output));
  });

  it("signature: keeps the exports' gold text (a clipped gradient) and line placement", () => {
    const css =
      "position:absolute;left:45px;top:20px;white-space:nowrap;line-height:1.2;transform:translateY(-50%) scale(1.05);transform-origin:left center;font-family:Arial,sans-serif;font-size:22px;font-weight:700;color:#c59a2e;background:linear-gradient(90deg,#f5e6b8,#c59a2e);-webkit-background-clip:text;-webkit-text-fill-color:transparent";
    expect(declarations(sanitizeStyle("signature", css))).toEqual(declarations(css));
  });

  it.each([
    ["text-align: center;", "text-align: center;"],
    ["TEXT-ALIGN:Right", "text-align: right;"],
    ["color: red; text-align: left; font-size: 40px", "text-align: left;"],
    ["text-align: left; text-align: right", "text-align: right;"],
    ["text-align: justify", ""],
    ["background: url(javascript:alert(1))", ""],
    ["text-align: expression(alert(1))", ""],
    ["", ""],
  ])("body: %j keeps %j", (css, kept) => expect(sanitizeStyle("body", css)).toBe(kept));
});

describe("the proposal body profile", () => {
  it("keeps the sample document exactly: every tag it uses is the editor's", () => {
    expect(sanitize("body", SAMPLE_BODY_HTML)).toBe(SAMPLE_BODY_HTML);
  });

  it.each([
    [
      "<p><strong>b</strong><em>i</em><u>u</u><b>b</b><i>i</i></p>",
      "<p><strong>b</strong><em>i</em><u>u</u><b>b</b><i>i</i></p>",
    ],
    ['<p style="text-align: center; color: red">c</p>', '<p style="text-align: center;">c</p>'],
    ['<h2 style="text-align: right;">h</h2><h3>s</h3>', '<h2 style="text-align: right;">h</h2><h3>s</h3>'],
    ['<h2 style="position:fixed">h</h2>', "<h2>h</h2>"],
    [
      `<p><span data-size="${TEXT_SIZES.large}">big</span><span data-size="${TEXT_SIZES.small}">small</span></p>`,
      `<p><span data-size="${TEXT_SIZES.large}">big</span><span data-size="${TEXT_SIZES.small}">small</span></p>`,
    ],
    [
      `<p><span data-size="${TEXT_SIZES.normal}">n</span><span data-size="9">x</span></p>`,
      "<p><span>n</span><span>x</span></p>",
    ],
    ['<p data-size="5">p</p>', "<p>p</p>"],
    [
      '<div data-type="columns" class="evil" id="x"><div data-type="column"><p>a</p></div><div data-type="column"><p>b</p></div></div>',
      '<div data-type="columns"><div data-type="column"><p>a</p></div><div data-type="column"><p>b</p></div></div>',
    ],
    ['<div data-type="iframe">d</div>', "<div>d</div>"],
    ['<ol start="3"><li>c</li></ol><ul><li>d</li></ul>', '<ol start="3"><li>c</li></ol><ul><li>d</li></ul>'],
    ['<ol start="1e9"><li>c</li></ol>', "<ol><li>c</li></ol>"],
    ['<p data-x="1" aria-label="x" title="t">plain<br></p>', "<p>plain<br></p>"],
    ['<p>a <a href="https://x.test">link</a> and <img src="https://x.test/a.png"></p>', "<p>a link and </p>"],
    ["<table><tr><td>cell</td></tr></table>", "cell"],
  ])("%s becomes %s", (input, output) => expect(sanitize("body", input)).toBe(output));
});

describe("the stored signature profile", () => {
  const positioned = signatureHtml({
    elements: buildElements(sampleFormData),
    globalSettings: sampleGlobalSettings,
    backgroundUrl: "https://www.example.com/email/signature-background.jpg",
    customLogoStyle: `position:absolute;left:24px;top:70px;width:110px;height:110px;background-image:url('${PNG}')`,
  });
  const image = emailClientHtml("https://www.example.com/api/signature-images/x.png", sampleFormData);

  it.each([
    ["the positioned export", positioned],
    ["the image export", image],
  ])("keeps %s exactly: its text, attributes and every declaration", (_name, html) => {
    const before = new DOMParser().parseFromString(html, "text/html").body;
    const after = new DOMParser().parseFromString(sanitize("signature", html), "text/html").body;
    expect(after.textContent).toBe(before.textContent);
    const elements = (body: HTMLElement) => [...body.querySelectorAll("*")];
    expect(elements(after).map((e) => e.localName)).toEqual(elements(before).map((e) => e.localName));
    elements(before).forEach((element, i) => {
      const kept = elements(after)[i]!;
      const attributes = (e: Element) =>
        [...e.attributes].filter((a) => a.name !== "style").map((a) => [a.name, a.value]);
      expect(attributes(kept)).toEqual(attributes(element));
      expect(declarations(kept.getAttribute("style") ?? "")).toEqual(declarations(element.getAttribute("style") ?? ""));
    });
  });

  it.each([
    ["a script", "<div>Hi<script>alert(1)</script></div>", "<div>Hi</div>"],
    ["an event handler", '<img src="https://x.test/a.png" onerror="alert(1)">', '<img src="https://x.test/a.png">'],
    ["a javascript: link", '<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ["an http image", '<img src="http://x.test/a.png" alt="a">', '<img alt="a">'],
    ["a relative image", '<img src="/nowhere.png">', "<img>"],
    ["an SVG", "<svg><script>alert(1)</script></svg>ok", "ok"],
    ["an iframe and a form", '<iframe src="https://x.test"></iframe><form><input></form>', ""],
    ["a data:text/html image", '<img src="data:text/html,<script>">', "<img>"],
    ["class and id attributes", '<div class="x" id="y">z</div>', "<div>z</div>"],
    ["a <style> element", "<style>body{display:none}</style><p>p</p>", "<p>p</p>"],
    ["a style left empty", '<div style="cursor:pointer">z</div>', "<div>z</div>"],
    [
      "style properties outside the allow-list and unsafe URLs",
      '<div style="position:fixed;z-index:9;background-image:url(&quot;javascript:x&quot;);color:red">z</div>',
      '<div style="color: red;">z</div>',
    ],
  ])("removes %s", (_name, input, output) => expect(sanitize("signature", input)).toBe(output));

  it("keeps links that call or mail, and images that are https, inline raster or stored on this site", () => {
    const stored = `/api/signature-images/${"0f".repeat(32)}.png`;
    const html = `<a href="tel:+17135550148">call</a><a href="mailto:a@example.com">mail</a><img src="${PNG}" alt="logo"><img src="${stored}">`;
    expect(sanitize("signature", html)).toBe(html);
    expect(sanitize("signature", `<img src="${stored}.svg">`)).toBe("<img>");
  });
});
