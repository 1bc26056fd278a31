/**
 * npm run bench:site — the public site's speed and quality bench (issue 3), and the JavaScript of each portal
 * screen (issue 7). Builds the production build (unless --skip-build), serves it with the production-like
 * server (scripts/prod-server: Netlify's own runtime, netlify.toml's headers, compression), runs Lighthouse
 * mobile N times per page in Debian Chromium (figures are the medians), measures JS/HTML/CSS weight from the
 * build, prints a table with PASS/FAIL per target and writes bench-results/site.json for bench:report.
 * It never fails the process on a missed target.
 *
 * Flags: --skip-build  --runs <n> (3)  --pages /,/about  --port <n> (0: a free one)
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { FUNCTIONS_BUNDLE, PUBLISH_DIR } from "./lib/deploy-paths";
import { buildProduction, ensureBuild, savedChunks } from "./bench/build";
import { libraryPlacement, PORTAL_SCREENS, screenJs } from "./bench/portal-js";
import { RESULTS_DIR, writeResults } from "./bench/results";
import { pageChecks } from "./bench/site-checks";
import { measurePage, type PageResult } from "./bench/site-measure";
import { portalText, siteText } from "./bench/site-print";
import { startProductionServer } from "./prod-server/server";

/** The six public pages and an unknown path for the 404 (spec 2, route table). */
const PAGES = ["/", "/about", "/residential", "/multifamily", "/portfolio", "/contact", "/this-page-does-not-exist"];

const { values } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    runs: { type: "string", default: "3" },
    pages: { type: "string", default: PAGES.join(",") },
    port: { type: "string", default: "0" },
  },
});
const ROOT = process.cwd();
const DIST = resolve(ROOT, PUBLISH_DIR);
const runs = Number(values.runs);
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

let chunks = savedChunks(RESULTS_DIR);
if (values["skip-build"]) ensureBuild(ROOT);
else {
  console.log("bench:site: building (npm run build, recording each chunk's modules) ...");
  const started = performance.now();
  chunks = await buildProduction(ROOT, RESULTS_DIR);
  console.log(`bench:site: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const server = await startProductionServer({
  projectRoot: ROOT,
  functionsBundle: join(ROOT, FUNCTIONS_BUNDLE),
  port: Number(values.port),
});
console.log(
  `bench:site: production-like server at ${server.url}; Lighthouse mobile x${runs} per page with ${chromePath}`,
);
const results: PageResult[] = [];
try {
  for (const path of values.pages.split(","))
    results.push(await measurePage(server.url, DIST, path, runs, chromePath, chunks));
} finally {
  await server.close();
}
const checks = results.flatMap(pageChecks);
console.log(`\n${siteText(results, checks)}`);

const screens = PORTAL_SCREENS.map((path) => screenJs(DIST, path)).filter((s) => s !== undefined);
const editor = screens.find((s) => s.path === "/portal/proposal-editor");
const placement = editor && chunks ? libraryPlacement(editor, chunks) : undefined;
console.log(`\n${portalText(screens, placement)}`);

const file = writeResults("site", {
  runs,
  pages: results.map(({ runs: perRun, ...rest }) => ({
    ...rest,
    runs: perRun.map(({ requests, ...f }) => ({ ...f, requests: requests.length })),
  })),
  checks,
  portalScreens: screens.map(({ files: _files, ...figures }) => figures),
  onDemandLibraries: placement,
  summary: { met: checks.filter((c) => c.pass).length, total: checks.length },
});
console.log(`bench:site: wrote ${file}`);
// @netlify/dev keeps the event loop alive after stop(); the figures are written.
process.exit(0);
