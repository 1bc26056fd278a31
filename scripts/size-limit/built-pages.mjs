// @ts-check
/**
 * The files each built page loads, read from dist/ for size-limit (.size-limit.mjs). Built names are
 * content-hashed, so nothing is found by name but the entry points a page's HTML names: <script src>,
 * modulepreloads and each island's component-url and renderer-url; from there the chunks they import,
 * parsed with es-module-lexer. Inline scripts cannot be handed to size-limit as they are, so each page's
 * are written to one file in node_modules/.cache.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, posix, relative } from "node:path";
import { init, parse } from "es-module-lexer";

await init;

/** @param {string} tag @returns {Record<string, string>} the start tag's attributes (Astro quotes every value). */
function attributes(tag) {
  return Object.fromEntries([...tag.matchAll(/\s([\w-]+)(?:="([^"]*)")?/g)].map((m) => [m[1], m[2] ?? ""]));
}

/**
 * The scripts a page's HTML points at (site-absolute URLs, as Astro writes them).
 * @param {string} html
 * @returns {string[]}
 */
export function entryScripts(html) {
  const urls = new Set();
  for (const [tag, name] of html.matchAll(/<(script|link|astro-island)\b[^>]*>/g)) {
    const attrs = attributes(tag);
    if (name === "script" && attrs.src) urls.add(attrs.src);
    if (name === "link" && attrs.rel === "modulepreload" && attrs.href) urls.add(attrs.href);
    if (name === "astro-island")
      for (const key of ["component-url", "renderer-url", "before-hydration-url"]) if (attrs[key]) urls.add(attrs[key]);
  }
  return [...urls].filter((url) => url.startsWith("/"));
}

/** The island loaders' URL, from the first island on the page: Astro's React renderer. @param {string} html */
function rendererScript(html) {
  return /<astro-island\b[^>]*\srenderer-url="([^"]+)"/.exec(html)?.[1];
}

/**
 * The bodies of the page's inline scripts that run (JSON-LD and other data blocks are not code).
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScripts(html) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs]) => {
      const { src, type = "module" } = attributes(attrs);
      return src === undefined && ["module", "text/javascript"].includes(type);
    })
    .map(([, , body]) => body ?? "")
    .filter((body) => body.trim() !== "");
}

/**
 * What a built chunk imports, statically and with `import()`, as site-absolute URLs.
 * @param {string} code
 * @param {string} url the chunk's own URL, which relative specifiers resolve against
 * @returns {{ static: string[]; dynamic: string[] }}
 */
export function chunkImports(code, url) {
  const [imports] = parse(code);
  /** @param {string} spec */
  const resolve = (spec) => (spec.startsWith("/") ? spec : posix.join(posix.dirname(url), spec));
  const found = { static: /** @type {string[]} */ ([]), dynamic: /** @type {string[]} */ ([]) };
  for (const { n, d } of imports) {
    if (!n || !/^\.{0,2}\//.test(n)) continue;
    (d === -1 ? found.static : found.dynamic).push(resolve(n));
  }
  return found;
}

/**
 * Every file reached from `entries` through static imports, and through `import()` too when `dynamic`.
 * @param {string} dist
 * @param {readonly string[]} entries
 * @param {{ dynamic?: boolean }} [options]
 * @returns {string[]} site-absolute URLs, entries first
 */
export function reachable(dist, entries, { dynamic = false } = {}) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    const url = /** @type {string} */ (queue.shift());
    if (seen.has(url)) continue;
    const file = join(dist, url);
    if (!existsSync(file)) throw new Error(`${url} is imported but not in ${dist}: rebuild (npm run build)`);
    seen.add(url);
    const found = chunkImports(readFileSync(file, "utf8"), url);
    queue.push(...found.static, ...(dynamic ? found.dynamic : []));
  }
  return [...seen];
}

/**
 * React as a page loads it: the renderer's static imports (react-dom's client, react, react-dom and the
 * bundler's CommonJS interop they need) and react/jsx-runtime, which every compiled island imports.
 * @param {string} dist
 * @param {string} html
 * @returns {Set<string>}
 */
export function reactScripts(dist, html) {
  const renderer = rendererScript(html);
  if (!renderer) return new Set();
  const jsx = readdirSync(join(dist, "_astro"))
    .filter((name) => /^jsx-runtime\.[\w-]+\.js$/.test(name))
    .map((name) => `/_astro/${name}`);
  return new Set(reachable(dist, [renderer, ...jsx]));
}

/**
 * The built pages (dist-relative HTML paths) and the routes they serve, portal screens included.
 * @param {string} dist
 * @returns {{ route: string; html: string }[]}
 */
export function builtPages(dist) {
  return readdirSync(dist, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".html"))
    .map((file) => file.split("\\").join("/"))
    .sort()
    .map((html) => ({ route: `/${html.replace(/(^|\/)index\.html$/, "").replace(/\.html$/, "")}`, html }));
}

/**
 * Writes a page's inline scripts, joined, to one file under `cacheDir` (size-limit measures files).
 * @param {string} cacheDir
 * @param {string} route
 * @param {string} html
 * @returns {string | undefined} the file's path, or undefined when the page has no inline script
 */
export function inlineScriptFile(cacheDir, route, html) {
  const scripts = inlineScripts(html);
  if (!scripts.length) return undefined;
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, `${route.replace(/^\/$/, "home").replace(/\W+/g, "-").replace(/^-/, "")}.inline.js`);
  writeFileSync(file, scripts.join("\n"));
  return file;
}

/**
 * The chunk(s) of `dist/_astro` whose name starts with `name` and a dot (Vite names a chunk after its
 * first module: `import("./editor-engine")` builds `editor-engine.<hash>.js`).
 * @param {string} dist
 * @param {string} name
 * @returns {string[]}
 */
export function namedChunks(dist, name) {
  return readdirSync(join(dist, "_astro"))
    .filter((file) => file.startsWith(`${name}.`) && file.endsWith(".js"))
    .map((file) => `/_astro/${file}`);
}

/** Paths relative to `root`, for size-limit's `path`. @param {string} root @param {string[]} files */
export const relativeTo = (root, files) => files.map((file) => relative(root, file).split("\\").join("/"));
