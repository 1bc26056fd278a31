// @ts-check
/**
 * The site's JavaScript and HTML budgets, checked by size-limit against the production build (`npm run
 * build && npm run size`; `npm test` runs both). Sizes are gzip level 9, per file, in KiB (1,024 bytes;
 * size-limit prints kB of 1,000). Which files count is read from dist/ (scripts/size-limit/built-pages.mjs):
 * - a public page's JavaScript: everything its HTML can load, through static and dynamic imports, plus
 *   its inline scripts; its island code is the same without React (the renderer's imports and jsx-runtime);
 * - a portal screen's JavaScript up front: its entries and their static imports, plus its inline scripts
 *   (e2e/production/portal-js.spec.ts measures what the browser really downloads);
 * - an on-demand chunk: the chunk and its static imports, less what the screen loaded up front;
 * - the home page's HTML: dist/index.html, which inlines its critical CSS.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  builtPages,
  entryScripts,
  inlineScriptFile,
  namedChunks,
  reachable,
  reactScripts,
  relativeTo,
} from "./scripts/size-limit/built-pages.mjs";

const ROOT = import.meta.dirname;
const DIST = join(ROOT, "dist");
const CACHE = join(ROOT, "node_modules/.cache/size-limit");

const PUBLIC_JS = "75 KiB";
const ISLAND_JS = "8 KiB";
// The sign-in page: React, the portal's frame and toasts, and the API's typed client (hono/client). 91 KiB since
// refusals carry typed codes and issues (ApiError.issues) and waits are worded in the reader's language (WaitWords):
// 62 bytes past the 90 it was.
const PORTAL_JS = { "/portal/login": "91 KiB", default: "130 KiB" };
/** On-demand chunks, by the module they are named after, with the screen that fetches them. */
const ON_DEMAND = [
  // Tiptap, ProseMirror and the sanitiser they parse through: fetched when the body is first edited.
  { chunk: "body-editor", name: "editing engine", screen: "/portal/proposal-editor", limit: "120 KiB" },
  // Draws a signature's HTML as the proposal's logo: fetched when such a template is chosen.
  { chunk: "html2canvas", name: "html2canvas", screen: "/portal/proposal-editor", limit: "46 KiB" },
  // zxcvbn-ts with its common-password and English dictionaries: fetched when a new password is first typed
  // (the account screen and the invitation page). The dictionaries are most of it.
  { chunk: "password-strength", name: "password strength estimator", screen: "/portal/account", limit: "850 KiB" },
];
const HOME_HTML = "14 KiB";
/**
 * Public pages with a plain <script> of their own (Astro's `<page>.astro_astro_type_script` module): the budget
 * of that script with everything it imports, beside the page's usual checks; a page without React islands has
 * this budget for all its JavaScript instead (the client's signing page: no React, no zod, quick on a phone).
 */
const PAGE_SCRIPT_JS = { "/bid": "60 KiB", "/bid/es": "60 KiB", "/verify": "3 KiB", "/verify/es": "3 KiB" };

/** @type {{ name: string; path: string[]; limit: string; gzip: true }[]} */
const checks = [];
/** @param {string} name @param {string[]} files dist URLs or absolute paths @param {string} limit */
const check = (name, files, limit) =>
  checks.push({
    name,
    limit,
    gzip: true,
    path: relativeTo(
      ROOT,
      files.map((file) => (file.startsWith("/_astro/") ? join(DIST, file) : file)),
    ),
  });

/** @type {Map<string, Set<string>>} */
const upFront = new Map();
for (const { route, html: file } of builtPages(DIST)) {
  const html = readFileSync(join(DIST, file), "utf8");
  const inline = inlineScriptFile(CACHE, route, html);
  const extra = inline ? [inline] : [];
  if (route.startsWith("/portal/")) {
    const files = reachable(DIST, entryScripts(html));
    upFront.set(route, new Set(files));
    check(`${route} · JavaScript up front`, [...files, ...extra], PORTAL_JS[route] ?? PORTAL_JS.default);
  } else {
    const files = reachable(DIST, entryScripts(html), { dynamic: true });
    const react = reactScripts(DIST, html);
    const scriptLimit = PAGE_SCRIPT_JS[/** @type {keyof typeof PAGE_SCRIPT_JS} */ (route)];
    if (scriptLimit && !react.size) {
      check(`${route} · JavaScript`, [...files, ...extra], scriptLimit);
      continue;
    }
    if (scriptLimit) {
      const own = entryScripts(html).filter((url) => /\.astro_astro_type_script_/.test(url));
      if (!own.length) throw new Error(`${route} has no page script: PAGE_SCRIPT_JS names it`);
      check(`${route} · page script`, reachable(DIST, own, { dynamic: true }), scriptLimit);
    }
    check(`${route} · JavaScript`, [...files, ...extra], PUBLIC_JS);
    check(
      `${route} · island code (JavaScript without React)`,
      [...files.filter((f) => !react.has(f)), ...extra],
      ISLAND_JS,
    );
  }
}
for (const { chunk, name, screen, limit } of ON_DEMAND) {
  const loaded = upFront.get(screen) ?? new Set();
  const named = namedChunks(DIST, chunk);
  if (!named.length) throw new Error(`dist/_astro has no chunk named ${chunk}`);
  if (named.some((file) => loaded.has(file))) throw new Error(`${screen} loads ${chunk} up front, not on demand`);
  const files = reachable(DIST, named).filter((file) => !loaded.has(file));
  check(`${screen} · ${name} (on demand)`, files, limit);
}
check("/ · HTML + critical CSS", [join(DIST, "index.html")], HOME_HTML);

export default checks;
