import { describe, expect, it } from "vitest";
import { attributes, inlineScripts, pageScriptUrls, renderBlockingStylesheets } from "./html";

describe("attributes", () => {
  it.each([
    ['<link rel="stylesheet" href="/a.css">', { rel: "stylesheet", href: "/a.css" }],
    ["<script type=module src='/x.js' async>", { type: "module", src: "/x.js", async: "" }],
    [
      '<astro-island component-url="/_astro/A.js" props="{&quot;a&quot;:1}">',
      { "component-url": "/_astro/A.js", props: '{"a":1}' },
    ],
  ])("reads %s", (tag, expected) => expect(attributes(tag)).toEqual(expected));
});

describe("pageScriptUrls", () => {
  it("finds scripts, modulepreloads, island URLs and inline imports, ignoring noscript and comments", () => {
    const html = `<head><script type="module" src="/_astro/page.js"></script><link rel="modulepreload" href="/_astro/dep.js">
      <!-- <script src="/_astro/commented.js"></script> --><noscript><script src="/_astro/nos.js"></script></noscript></head>
      <body><astro-island component-url="/_astro/Header.js" renderer-url="/_astro/client.js"></astro-island>
      <script>import("/_astro/lazy.js")</script><script type="application/ld+json">{"url":"/_astro/not.js"}</script></body>`;
    expect(pageScriptUrls(html).sort()).toEqual([
      "/_astro/Header.js",
      "/_astro/client.js",
      "/_astro/dep.js",
      "/_astro/lazy.js",
      "/_astro/page.js",
    ]);
  });
  it("skips JSON-LD when listing inline scripts", () => {
    expect(inlineScripts('<script type="application/ld+json">{}</script><script>a()</script>')).toEqual(["a()"]);
  });
});

describe("renderBlockingStylesheets", () => {
  it.each([
    ['<link rel="stylesheet" href="/a.css">', ["/a.css"]],
    ['<link rel="stylesheet" href="/a.css" media="print" onload="this.media=\'all\'">', []],
    ['<link rel="preload" as="style" href="/a.css">', []],
    ['<noscript><link rel="stylesheet" href="/a.css"></noscript>', []],
    ['<link rel="stylesheet" href="/a.css" media="screen and (min-width: 768px)">', ["/a.css"]],
    ["<style>@import url('/b.css');body{}</style>", ["/b.css"]],
    ["<style>body{color:red}</style>", []],
  ])("%s", (html, hrefs) => expect(renderBlockingStylesheets(html).map((s) => s.href)).toEqual(hrefs));
});
