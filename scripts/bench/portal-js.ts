/**
 * What JavaScript each staff-portal screen loads, gzipped: what its first render needs (the page's
 * scripts and their static imports) and what it may fetch later on demand (dynamic `import()`).
 */
import { existsSync, readFileSync } from "node:fs";
import { posix } from "node:path";
import type { ChunkModules } from "./build";
import { gzipBytes, reachableScripts } from "./js";
import { pageScriptUrls } from "./html";

/** The portal's screens, as built pages. */
export const PORTAL_SCREENS = [
  "/portal/login",
  "/portal/dashboard",
  "/portal/messages",
  "/portal/signature",
  "/portal/proposal-editor",
] as const;

/** Libraries that must only load when needed (issue 9), found by the module ids a chunk was built from. */
export const ON_DEMAND_LIBRARIES = {
  "editor engine (Tiptap/ProseMirror)": /[\\/]node_modules[\\/](@tiptap|prosemirror-)/,
  html2canvas: /[\\/]node_modules[\\/]html2canvas[\\/]/,
  DOMPurify: /[\\/]node_modules[\\/]dompurify[\\/]/,
} as const;

/** Where each of `libraries` sits for a screen: only in on-demand files, up front, or nowhere. */
export function libraryPlacement(
  js: ScreenJs,
  chunks: ReadonlyMap<string, ChunkModules>,
  libraries: Record<string, RegExp> = ON_DEMAND_LIBRARIES,
): Record<string, "on demand" | "UP FRONT" | "absent"> {
  return Object.fromEntries(
    Object.entries(libraries).map(([name, pattern]) => {
      const holders = js.files.filter((f) =>
        chunks.get(f.url.replace(/^\//, ""))?.modules.some((m) => pattern.test(m.id)),
      );
      return [name, holders.length === 0 ? "absent" : holders.some((f) => f.eager) ? "UP FRONT" : "on demand"];
    }),
  );
}

/** Relative or absolute .js specifiers of a chunk's static `import`/`export ... from` statements. */
export function staticImports(code: string): string[] {
  const out = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.m?js)["']/g))
    out.add(m[1]!);
  return [...out];
}

/** The files a page loads up front: its entries and everything they import statically. */
export function eagerScripts(distDir: string, entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = entries.filter((u) => u.startsWith("/")).map((u) => u.split(/[?#]/)[0]!);
  while (queue.length) {
    const url = queue.shift()!;
    const file = posix.join(distDir, url);
    if (seen.has(url) || !existsSync(file)) continue;
    seen.add(url);
    for (const spec of staticImports(readFileSync(file, "utf8")))
      queue.push(spec.startsWith("/") ? spec : posix.normalize(posix.join(posix.dirname(url), spec)));
  }
  return [...seen];
}

/** One screen's JavaScript. */
export interface ScreenJs {
  path: string;
  /** gzip bytes loaded before the screen first renders. */
  eagerGzip: number;
  /** gzip bytes only fetched on demand (dynamic imports), e.g. an editor engine. */
  lazyGzip: number;
  files: { url: string; gzip: number; eager: boolean }[];
}

/** Measures a built portal page (`dist/portal/x/index.html` or `dist/portal/x.html`). */
export function screenJs(distDir: string, path: string): ScreenJs | undefined {
  const file = [posix.join(distDir, path, "index.html"), posix.join(distDir, `${path}.html`)].find(existsSync);
  if (!file) return undefined;
  const entries = pageScriptUrls(readFileSync(file, "utf8"));
  const eager = new Set(eagerScripts(distDir, entries));
  const files = reachableScripts(distDir, entries).map((url) => ({
    url,
    gzip: gzipBytes(readFileSync(posix.join(distDir, url))),
    eager: eager.has(url),
  }));
  const sum = (list: typeof files) => list.reduce((s, f) => s + f.gzip, 0);
  return {
    path,
    eagerGzip: sum(files.filter((f) => f.eager)),
    lazyGzip: sum(files.filter((f) => !f.eager)),
    files,
  };
}
