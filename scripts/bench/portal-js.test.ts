import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { eagerScripts, screenJs, staticImports } from "./portal-js";

describe("staticImports", () => {
  test.each([
    ['import{a as b}from"./chunk.js";', ["./chunk.js"]],
    ['import"./side.js";export{x}from"../y.js"', ["./side.js", "../y.js"]],
    ['const m = () => import("./lazy.js");', []],
    ['import * as R from "/_astro/react.js"', ["/_astro/react.js"]],
  ])("%s", (code, expected) => expect(staticImports(code)).toEqual(expected));
});

describe("screenJs", () => {
  test("splits what a page loads up front from what it imports on demand", () => {
    const dist = mkdtempSync(join(tmpdir(), "portal-js-"));
    mkdirSync(join(dist, "_astro"));
    mkdirSync(join(dist, "portal", "x"), { recursive: true });
    writeFileSync(join(dist, "_astro", "entry.js"), 'import{r}from"./react.js";const e=()=>import("./editor.js");');
    writeFileSync(join(dist, "_astro", "react.js"), "export const r=1;".repeat(50));
    writeFileSync(join(dist, "_astro", "editor.js"), 'import"./react.js";export const big="' + "y".repeat(500) + '";');
    writeFileSync(
      join(dist, "portal", "x", "index.html"),
      '<astro-island component-url="/_astro/entry.js"></astro-island>',
    );
    expect(eagerScripts(dist, ["/_astro/entry.js"]).sort()).toEqual(["/_astro/entry.js", "/_astro/react.js"]);
    const js = screenJs(dist, "/portal/x")!;
    expect(js.files.map((f) => [f.url, f.eager])).toEqual(
      expect.arrayContaining([
        ["/_astro/entry.js", true],
        ["/_astro/react.js", true],
        ["/_astro/editor.js", false],
      ]),
    );
    expect(js.eagerGzip).toBeGreaterThan(0);
    expect(js.lazyGzip).toBe(js.files.find((f) => f.url === "/_astro/editor.js")!.gzip);
    expect(screenJs(dist, "/portal/missing")).toBeUndefined();
  });
});
