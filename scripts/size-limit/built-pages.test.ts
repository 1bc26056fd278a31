import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  builtPages,
  chunkImports,
  entryScripts,
  inlineScriptFile,
  inlineScripts,
  namedChunks,
  reachable,
  reactScripts,
} from "./built-pages.mjs";

/** A page as Astro builds it: two islands sharing the React renderer, a preload, inline scripts and JSON-LD. */
const PAGE = `<!doctype html><html><head>
<link rel="modulepreload" href="/_astro/preloaded.A1.js">
<link rel="stylesheet" href="/_astro/site.css">
<script type="application/ld+json">{"@type":"Organization"}</script>
<script>(()=>{window.intent=1})()</script>
<script type="module" src="/_astro/page.B2.js"></script>
<script src="https://elsewhere.example/x.js"></script>
</head><body>
<astro-island uid="a" component-url="/_astro/Header.C3.js" component-export="Header" renderer-url="/_astro/client.D4.js" props="{&quot;x&quot;:[0,1]}" client="intent"></astro-island>
<astro-island uid="b" component-url="/_astro/Form.E5.js" renderer-url="/_astro/client.D4.js"></astro-island>
<script type="module">customElements.define("astro-island", class {})</script>
</body></html>`;

/** The chunks the page reaches: React behind the renderer, an island with an on-demand chunk. */
const CHUNKS: Record<string, string> = {
  "client.D4.js": `import{t}from"./runtime.F6.js";import{r}from"./react.G7.js";export default t(r);`,
  "runtime.F6.js": `export const t=(x)=>x;`,
  "react.G7.js": `import{t}from"./runtime.F6.js";export const r=t({});`,
  "jsx-runtime.H8.js": `import{t}from"./runtime.F6.js";export const j=t(1);`,
  "Header.C3.js": `import{j}from"./jsx-runtime.H8.js";import{r}from"./react.G7.js";export const Header=()=>j;`,
  "Form.E5.js": `import{j}from"./jsx-runtime.H8.js";import{s}from"./shared.I9.js";export const Form=()=>import("./editor-engine.J0.js");`,
  "shared.I9.js": `export const s=1;`,
  "editor-engine.J0.js": `import{s}from"./shared.I9.js";import"/_astro/engine-dep.K1.js";export const e=s;`,
  "engine-dep.K1.js": `export{};`,
  "page.B2.js": `export{};`,
  "preloaded.A1.js": `export{};`,
};

const dist = mkdtempSync(join(tmpdir(), "built-pages-"));
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(dist, path)), { recursive: true });
  writeFileSync(join(dist, path), text);
};
for (const [name, code] of Object.entries(CHUNKS)) write(`_astro/${name}`, code);
for (const page of ["index.html", "about/index.html", "404.html", "portal/login/index.html"]) write(page, PAGE);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("reading a built page", () => {
  it("finds the entry scripts: src, modulepreload, island components and renderer; not other hosts", () => {
    expect(entryScripts(PAGE).sort()).toEqual(
      [
        "/_astro/preloaded.A1.js",
        "/_astro/page.B2.js",
        "/_astro/Header.C3.js",
        "/_astro/client.D4.js",
        "/_astro/Form.E5.js",
      ].sort(),
    );
  });

  it("keeps the inline scripts that run and leaves JSON-LD out", () => {
    expect(inlineScripts(PAGE)).toEqual([
      "(()=>{window.intent=1})()",
      'customElements.define("astro-island", class {})',
    ]);
  });

  it("writes a page's inline scripts to one file named after the route", () => {
    const cache = join(dist, "cache");
    const file = inlineScriptFile(cache, "/", PAGE)!;
    expect(file).toBe(join(cache, "home.inline.js"));
    expect(readFileSync(file, "utf8")).toBe(inlineScripts(PAGE).join("\n"));
    expect(inlineScriptFile(cache, "/contact/thanks", PAGE)).toBe(join(cache, "contact-thanks.inline.js"));
    expect(inlineScriptFile(cache, "/empty", "<p>no scripts</p>")).toBeUndefined();
  });

  it.each([
    ["index.html", "/"],
    ["about/index.html", "/about"],
    ["404.html", "/404"],
    ["portal/login/index.html", "/portal/login"],
  ])("names %s the route %s", (html, route) => {
    expect(builtPages(dist)).toContainEqual({ html, route });
  });
});

describe("following a chunk's imports", () => {
  it("tells static imports from import(), resolving relative and absolute specifiers", () => {
    expect(chunkImports(CHUNKS["editor-engine.J0.js"]!, "/_astro/editor-engine.J0.js")).toEqual({
      static: ["/_astro/shared.I9.js", "/_astro/engine-dep.K1.js"],
      dynamic: [],
    });
    expect(chunkImports(CHUNKS["Form.E5.js"]!, "/_astro/Form.E5.js")).toEqual({
      static: ["/_astro/jsx-runtime.H8.js", "/_astro/shared.I9.js"],
      dynamic: ["/_astro/editor-engine.J0.js"],
    });
  });

  it("reaches static imports up front, and import() targets only when asked", () => {
    const upFront = reachable(dist, ["/_astro/Form.E5.js"]);
    expect(upFront.sort()).toEqual(
      ["/_astro/Form.E5.js", "/_astro/jsx-runtime.H8.js", "/_astro/runtime.F6.js", "/_astro/shared.I9.js"].sort(),
    );
    expect(reachable(dist, ["/_astro/Form.E5.js"], { dynamic: true })).toEqual(
      expect.arrayContaining(["/_astro/editor-engine.J0.js", "/_astro/engine-dep.K1.js"]),
    );
  });

  it("refuses a build whose chunks are missing", () => {
    expect(() => reachable(dist, ["/_astro/gone.Z9.js"])).toThrow(/not in .*npm run build/);
  });

  it("counts as React the renderer's static imports and jsx-runtime, and nothing of the islands", () => {
    expect([...reactScripts(dist, PAGE)].sort()).toEqual(
      ["/_astro/client.D4.js", "/_astro/jsx-runtime.H8.js", "/_astro/react.G7.js", "/_astro/runtime.F6.js"].sort(),
    );
    expect(reactScripts(dist, "<p>no islands</p>").size).toBe(0);
  });

  it("finds an on-demand chunk by the module it was named after", () => {
    expect(namedChunks(dist, "editor-engine")).toEqual(["/_astro/editor-engine.J0.js"]);
    expect(namedChunks(dist, "editor")).toEqual([]);
  });
});
