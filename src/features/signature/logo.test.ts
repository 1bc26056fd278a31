// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { isHtmlFile, logoImageOf, logoUrlFromStyle, parseLogoHtml, sanitizeLogoStyle } from "./logo";

const PNG = "data:image/png;base64,iVBORw0KGgo=";

describe("logo file", () => {
  it.each([
    [{ type: "text/html", name: "logo.html" }, true],
    [{ type: "image/png", name: "logo.html" }, false],
    [{ type: "application/xhtml+xml", name: "logo.xhtml" }, false],
    [{ type: "", name: "logo.html" }, true],
    [{ type: "", name: "logo.txt" }, false],
  ])("%j is HTML: %s", (file, html) => expect(isHtmlFile(file)).toBe(html));

  it("reads the first element's style, sanitised", () => {
    const html = `<html><body><div style="width:120px;height:60px;background-image:url('${PNG}');cursor:pointer"></div><p style="color:red"></p></body></html>`;
    expect(parseLogoHtml(html)).toBe(`width:120px;height:60px;background-image:url('${PNG}')`);
  });

  it.each([
    ["no element", "<html><body></body></html>"],
    ["a first element without a style", "<div>Logo</div><div style='color:red'></div>"],
    ["only disallowed properties", "<div style='cursor:pointer;content:\"x\"'></div>"],
  ])("is invalid with %s", (_name, html) => expect(parseLogoHtml(html)).toBeNull());
});

describe("logo style sanitising", () => {
  it.each([
    [
      "keeps layout, size, colour, background, border and radius",
      "position:absolute;left:10px;top:5px;width:80px;height:40px;color:#fff;background-color:rgba(0,0,0,.5);border:1px solid #c59a2e;border-radius:8px;opacity:.9",
      "position:absolute;left:10px;top:5px;width:80px;height:40px;color:#fff;background-color:rgba(0,0,0,.5);border:1px solid #c59a2e;border-radius:8px;opacity:.9",
    ],
    [
      "drops other properties",
      "width:10px;cursor:pointer;font-family:Comic Sans;content:'x';behavior:url(x.htc)",
      "width:10px",
    ],
    [
      "keeps https and raster data URLs",
      `background:url("https://cdn.example.com/l.png") no-repeat;background-image:url(${PNG})`,
      `background:url("https://cdn.example.com/l.png") no-repeat;background-image:url(${PNG})`,
    ],
    ["drops javascript: URLs", "background-image:url(javascript:alert(1));width:5px", "width:5px"],
    ["drops http and relative URLs", "background-image:url(http://x.test/a.png);background:url(/a.png)", ""],
    [
      "drops SVG and HTML data URLs",
      "background-image:url(data:image/svg+xml;base64,PHN2Zz4=);background:url(data:text/html,<script>)",
      "",
    ],
    [
      "drops CSS escapes, comments, expressions and imports",
      "width:1\\70x;height:/**/5px;width:expression(alert(1));background:@import 'x'",
      "",
    ],
    [
      "drops fixed positioning and unknown functions",
      "position:fixed;width:var(--w);background-image:image-set('https://x.test/a.png' 1x)",
      "",
    ],
    ["drops !important", "width:5px !important", ""],
  ])("%s", (_name, input, output) => expect(sanitizeLogoStyle(input)).toBe(output));

  it("finds the background image as the logo URL, from either property", () => {
    expect(logoUrlFromStyle(`background-image:url('${PNG}')`)).toBe(PNG);
    expect(logoUrlFromStyle(`background:#000 url("https://cdn.example.com/a.png") no-repeat`)).toBe(
      "https://cdn.example.com/a.png",
    );
    expect(logoUrlFromStyle("color:red")).toBeNull();
  });

  it("reads the logo's image box in card pixels for the PNG export", () => {
    expect(logoImageOf(`left:24px;top:70px;width:110px;height:110px;background-image:url(${PNG})`)).toEqual({
      url: PNG,
      left: 24,
      top: 70,
      width: 110,
      height: 110,
    });
    expect(logoImageOf(`width:50%;height:10px;background-image:url(${PNG})`)).toBeNull();
  });
});
