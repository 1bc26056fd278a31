import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analysePageJs, chunkImports, reachableScripts } from "./js";

describe("chunkImports", () => {
  it.each([
    ['import{j as e}from"./jsx-runtime.D1.js";', ["/_astro/jsx-runtime.D1.js"]],
    ['import"./side.js";export{a}from"../x/y.js"', ["/_astro/side.js", "/x/y.js"]],
    ['const l=()=>import("./Lazy.C2.js")', ["/_astro/Lazy.C2.js"]],
    [
      'm.f||(m.f=["_astro/a.js","_astro/b.js"])',
      ["/_astro/_astro/a.js", "/_astro/a.js", "/_astro/_astro/b.js", "/_astro/b.js"],
    ],
  ])("%s", (code, urls) => expect(chunkImports(code, "/_astro/entry.js")).toEqual(urls));
});

describe("reachableScripts and analysePageJs", () => {
  const dist = mkdtempSync(join(tmpdir(), "bench-js-"));
  mkdirSync(join(dist, "_astro"));
  writeFileSync(
    join(dist, "_astro/Header.a.js"),
    'import{r}from"./react.b.js";import("./Menu.c.js");export const H=1;',
  );
  writeFileSync(join(dist, "_astro/react.b.js"), 'throw Error("https://react.dev/errors/"+1)');
  writeFileSync(join(dist, "_astro/Menu.c.js"), "export const M=2");
  writeFileSync(join(dist, "_astro/unused.d.js"), "export const U=3");
  writeFileSync(join(dist, "_astro/preload.e.js"), 'const d=["_astro/Menu.c.js"]');

  it("follows static, dynamic and preload-map imports, and only those", () => {
    expect(reachableScripts(dist, ["/_astro/Header.a.js"]).sort()).toEqual([
      "/_astro/Header.a.js",
      "/_astro/Menu.c.js",
      "/_astro/react.b.js",
    ]);
    expect(reachableScripts(dist, ["/_astro/preload.e.js"]).sort()).toEqual([
      "/_astro/Menu.c.js",
      "/_astro/preload.e.js",
    ]);
  });

  it("splits React from island code by content when no chunk map is given, and by module share when it is", () => {
    const html = '<astro-island component-url="/_astro/Header.a.js" renderer-url="/_astro/react.b.js"></astro-island>';
    const byContent = analysePageJs(dist, html);
    expect(byContent.files.find((f) => f.url.includes("react"))!.islandGzip).toBe(0);
    expect(byContent.files.find((f) => f.url.includes("Header"))!.frameworkGzip).toBe(0);
    const chunks = new Map([
      [
        "_astro/Header.a.js",
        {
          file: "_astro/Header.a.js",
          modules: [
            { id: "/p/node_modules/react/index.js", length: 30 },
            { id: "/p/src/features/header/SiteHeader.tsx", length: 10 },
          ],
        },
      ],
    ]);
    const header = analysePageJs(dist, html, chunks).files.find((f) => f.url.includes("Header"))!;
    expect(header.frameworkGzip).toBe(Math.round(header.gzip * 0.75));
    expect(header.topModules[0]!.id).toBe("src/features/header/SiteHeader.tsx");
  });

  it("flags portal code", () => {
    writeFileSync(join(dist, "_astro/proposal-editor.f.js"), "x");
    expect(analysePageJs(dist, '<script type="module" src="/_astro/proposal-editor.f.js"></script>').portal).toBe(true);
  });
});
