// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { isHtmlFile, logoImageOf, logoUrlFromStyle, parseLogoHtml } from "./logo";

const PNG = "data:image/png;base64,iVBORw0KGgo=";

describe("logo file", () => {
  it.each([
    [{ type: "text/html", name: "logo.html" }, true],
    [{ type: "image/png", name: "logo.html" }, false],
    [{ type: "application/xhtml+xml", name: "logo.xhtml" }, false],
    [{ type: "", name: "logo.html" }, true],
    [{ type: "", name: "logo.txt" }, false],
  ])("%j is HTML: %s", (file, html) => expect(isHtmlFile(file)).toBe(html));

  it("reads the first element's style, sanitised by the logo profile", () => {
    const html = `<html><body><div style="width:120px;height:60px;background-image:url('${PNG}');cursor:pointer"></div><p style="color:red"></p></body></html>`;
    expect(parseLogoHtml(html)).toBe(`width: 120px; height: 60px; background-image: url("${PNG}");`);
  });

  it.each([
    ["no element", "<html><body></body></html>"],
    ["a first element without a style", "<div>Logo</div><div style='color:red'></div>"],
    ["only disallowed properties", "<div style='cursor:pointer;content:\"x\"'></div>"],
    ["only a background whose image may not load", "<div style='background:url(/logo.png) no-repeat'></div>"],
  ])("is invalid with %s", (_name, html) => expect(parseLogoHtml(html)).toBeNull());
});

describe("logo style", () => {
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
