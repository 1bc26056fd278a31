import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { eagerScripts, libraryPlacement, screenJs, staticImports, type ScreenJs } from "./portal-js";

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

describe("libraryPlacement", () => {
  test("names each library's place by the modules its chunks were built from", () => {
    const js: ScreenJs = {
      path: "/portal/proposal-editor",
      eagerGzip: 2,
      lazyGzip: 2,
      files: [
        { url: "/_astro/page.js", gzip: 1, eager: true },
        { url: "/_astro/react.js", gzip: 1, eager: true },
        { url: "/_astro/body-editor.js", gzip: 1, eager: false },
        { url: "/_astro/html2canvas.js", gzip: 1, eager: false },
      ],
    };
    const chunks = new Map(
      [
        ["_astro/page.js", "/src/features/proposal/ProposalEditor.tsx"],
        ["_astro/react.js", "/node_modules/react-dom/client.js"],
        ["_astro/body-editor.js", "/node_modules/@tiptap/core/dist/index.js"],
        ["_astro/html2canvas.js", "/node_modules/html2canvas/dist/html2canvas.esm.js"],
      ].map(([file, id]) => [file!, { file: file!, modules: [{ id: id!, length: 10 }] }]),
    );
    expect(libraryPlacement(js, chunks)).toEqual({
      "editor engine (Tiptap/ProseMirror)": "on demand",
      html2canvas: "on demand",
      DOMPurify: "absent",
    });
    expect(libraryPlacement(js, chunks, { React: /react-dom/ })).toEqual({ React: "UP FRONT" });
  });
});
