/** What JavaScript a built page can load, how big it is gzipped, and how much of it is React versus our own island code. */
import { existsSync, readFileSync } from "node:fs";
import { posix } from "node:path";
import { gzipSync } from "node:zlib";
import type { ChunkModules } from "./build";
import { inlineScripts, pageScriptUrls } from "./html";

/** node_modules packages counted as "React" (the framework the issue budgets ~68 KB for), plus the Astro renderer glue. */
const FRAMEWORK_MODULE =
  /node_modules\/(react|react-dom|scheduler|@astrojs\/react)\/|^\0rolldown\/runtime|^\0vite\/|^\0?commonjsHelpers/;
/** Module ids or file contents that mean staff-portal code reached a public page. */
const PORTAL_MODULE =
  /src\/(pages\/portal|features\/(portal|signature|proposal|templates|dashboard|auth|inbox))\b|node_modules\/(html2canvas|jose|pg|@neondatabase)\//;
const PORTAL_NAME = /portal|signature|proposal|dashboard|template|inbox|html2canvas/i;
/** Markers of React's own production bundles, for chunks the recorder did not see (e.g. --skip-build on an older dist). */
const REACT_CONTENT =
  /react\.dev\/errors|react\.transitional\.element|__REACT_DEVTOOLS_GLOBAL_HOOK__|unstable_scheduleCallback/;

/** gzip -9 size, as `gzip-size` and most budgets count it. */
export const gzipBytes = (data: Buffer | string): number => gzipSync(data, { level: 9 }).length;

/** One JavaScript file a page can load. */
export interface JsFile {
  url: string;
  raw: number;
  gzip: number;
  /** gzip bytes attributed to React/react-dom/scheduler/renderer (by module share when the chunk map is known). */
  frameworkGzip: number;
  /** gzip bytes attributed to everything else: our islands and their libraries. */
  islandGzip: number;
  portal: boolean;
  /** Largest non-framework modules in this chunk, for the diagnosis. */
  topModules: { id: string; share: number }[];
  attribution: "modules" | "content";
}

export interface PageJs {
  files: JsFile[];
  inlineGzip: number;
  totalGzip: number;
  frameworkGzip: number;
  islandGzip: number;
  portal: boolean;
}

/** Reads string literals that look like JS files in a chunk and resolves them against the chunk's URL. */
export function chunkImports(code: string, fromUrl: string): string[] {
  const out = new Set<string>();
  for (const m of code.matchAll(/["'`]((?:\.{1,2}\/|\/)?[\w@$~.\/-]*?[\w$~-]+\.m?js)["'`]/g)) {
    const spec = m[1]!;
    if (spec.startsWith("/")) out.add(spec);
    else out.add(posix.normalize(posix.join(posix.dirname(fromUrl), spec)));
    // Vite's preload map lists deps relative to the site root without a leading slash.
    if (!/^[./]/.test(spec)) out.add(`/${spec}`);
  }
  return [...out];
}

/** Follows static and dynamic imports from the page's entry URLs through the files present in dist. */
export function reachableScripts(distDir: string, entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = entries.filter((u) => u.startsWith("/"));
  while (queue.length) {
    const url = queue.shift()!.split(/[?#]/)[0]!;
    if (seen.has(url)) continue;
    const file = posix.join(distDir, url);
    if (!existsSync(file)) continue;
    seen.add(url);
    const code = readFileSync(file, "utf8");
    for (const next of chunkImports(code, url))
      if (!seen.has(next) && existsSync(posix.join(distDir, next))) queue.push(next);
  }
  return [...seen];
}

function classify(
  url: string,
  code: string,
  gzip: number,
  chunks: Map<string, ChunkModules> | undefined,
): Omit<JsFile, "url" | "raw" | "gzip"> {
  const chunk = chunks?.get(url.replace(/^\//, ""));
  if (chunk && chunk.modules.length) {
    const total = chunk.modules.reduce((s, m) => s + m.length, 0) || 1;
    const framework = chunk.modules.filter((m) => FRAMEWORK_MODULE.test(m.id)).reduce((s, m) => s + m.length, 0);
    const ours = chunk.modules.filter((m) => !FRAMEWORK_MODULE.test(m.id)).sort((a, b) => b.length - a.length);
    const frameworkGzip = Math.round((gzip * framework) / total);
    return {
      frameworkGzip,
      islandGzip: gzip - frameworkGzip,
      portal: chunk.modules.some((m) => PORTAL_MODULE.test(m.id)) || PORTAL_NAME.test(url),
      topModules: ours.slice(0, 4).map((m) => ({ id: shortId(m.id), share: m.length / total })),
      attribution: "modules",
    };
  }
  const isReact = REACT_CONTENT.test(code);
  return {
    frameworkGzip: isReact ? gzip : 0,
    islandGzip: isReact ? 0 : gzip,
    portal: PORTAL_NAME.test(url) || /html2canvas/.test(code),
    topModules: [],
    attribution: "content",
  };
}

/** Shortens a module id to `pkg/file` or `src/...` for printing. */
export function shortId(id: string): string {
  const nm = id.lastIndexOf("node_modules/");
  if (nm >= 0) return id.slice(nm + "node_modules/".length);
  const src = id.indexOf("/src/");
  return src >= 0 ? id.slice(src + 1) : id.replace(/^\0/, "");
}

/** All JavaScript a built page can load (reachable from its HTML), gzipped and attributed. */
export function analysePageJs(distDir: string, html: string, chunks?: Map<string, ChunkModules>): PageJs {
  const files: JsFile[] = reachableScripts(distDir, pageScriptUrls(html)).map((url) => {
    const code = readFileSync(posix.join(distDir, url));
    const gzip = gzipBytes(code);
    return { url, raw: code.length, gzip, ...classify(url, code.toString("utf8"), gzip, chunks) };
  });
  const inline = inlineScripts(html).join("\n");
  const inlineGzip = inline.trim() ? gzipBytes(inline) : 0;
  const frameworkGzip = files.reduce((s, f) => s + f.frameworkGzip, 0);
  const islandGzip = files.reduce((s, f) => s + f.islandGzip, 0) + inlineGzip;
  return {
    files,
    inlineGzip,
    totalGzip: frameworkGzip + islandGzip,
    frameworkGzip,
    islandGzip,
    portal: files.some((f) => f.portal),
  };
}
