// npm run bench:proposal: the Professional Proposal Editor's Load dialog with 200 saved proposals,
// each a real editor document carrying a logo as large as an upload may keep (issue 9, "Small
// templates"). Self-contained: the real API handlers on in-memory PGlite (scripts/bench/api-server.ts,
// seeded with the 200 proposals), the production build on the production-like server
// (scripts/prod-server; built first if missing), and Chromium opening the dialog. Prints the response
// sizes against the 6 MB function limit and the time from the click on Load Template to the 200th row,
// against the 1 s target, median of 5 fresh page loads; writes bench-results/proposal.json.
//
// Flags: --templates <n> (200)  --rounds <n> (5)  --port <n> (the site's server, the API's on the next; 0: free ones)
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { AUTOSAVE, LOGO_UPLOAD } from "../src/config/proposal";
import { buildTemplateContent, initialDocument } from "../src/features/proposal/proposal";
import { chromiumLaunch } from "../playwright.config";
import { startApiServer } from "./bench/api-load";
import { ensureBuild } from "./bench/build";
import { writeResults } from "./bench/results";
import { median, PROPOSAL_TARGETS } from "./bench/targets";
import { FUNCTIONS_BUNDLE } from "./lib/deploy-paths";
import { startProductionServer } from "./prod-server/server";

const ROOT = process.cwd();
const { values } = parseArgs({
  options: {
    templates: { type: "string", default: "200" },
    rounds: { type: "string", default: "5" },
    port: { type: "string", default: "0" },
  },
});
const TEMPLATES = Number(values.templates);
const ROUNDS = Number(values.rounds);
const TARGET_MS = PROPOSAL_TARGETS.openMs;
const RESPONSE_LIMIT_BYTES = PROPOSAL_TARGETS.responseBytes;

// One saved proposal: the sample document with a logo data URL at the upload budget (incompressible bytes).
const logo = `data:image/webp;base64,${randomBytes(LOGO_UPLOAD.maxDataUrlChars)
  .toString("base64")
  .slice(0, LOGO_UPLOAD.maxDataUrlChars - 23)}`;
const document = initialDocument(new Date());
const templateContent = buildTemplateContent({
  ...document,
  documentSettings: { ...document.documentSettings, logoFile: logo },
});
const contentFile = join(tmpdir(), `bench-proposal-${process.pid}.json`);
writeFileSync(contentFile, templateContent);

const sitePort = Number(values.port);
const api = await startApiServer({
  BENCH_TEMPLATES: String(TEMPLATES),
  BENCH_TEMPLATE_CONTENT_FILE: contentFile,
  BENCH_PORT: String(sitePort ? sitePort + 1 : 0),
});
const apiBase = api.origin;
const auth = { authorization: `Bearer ${api.token}` };

/** Bytes of one API response. */
async function bytesOf(path: string): Promise<number> {
  const response = await fetch(apiBase + path, { headers: auth });
  return (await response.arrayBuffer()).byteLength;
}

try {
  const [first] = (await (await fetch(`${apiBase}/api/portal/templates?view=summary`, { headers: auth })).json()) as {
    id: string;
  }[];
  const sizes = {
    "one proposal (templateContent)": Buffer.byteLength(templateContent),
    "GET /api/portal/templates?view=summary (Load dialog)": await bytesOf("/api/portal/templates?view=summary"),
    "GET /api/portal/templates/:id (the one loaded)": await bytesOf(`/api/portal/templates/${first!.id}`),
    "GET /api/portal/templates (spec 7 shape; no screen reads it)": await bytesOf("/api/portal/templates"),
  };

  ensureBuild(ROOT);
  const site = await startProductionServer({
    projectRoot: ROOT,
    functionsBundle: join(ROOT, FUNCTIONS_BUNDLE),
    port: sitePort,
  });
  const browser = await chromium.launch(chromiumLaunch);
  const opens: number[] = [];
  const loads: number[] = [];
  const dashboards: number[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((token) => localStorage.setItem("portalToken", token), api.token);
    await context.route(/\/api\//, async (route) => {
      const url = new URL(route.request().url());
      // The bench server has no signature or session functions; the editor does not need them here.
      if (/signature-templates|\/session$/.test(url.pathname)) return route.fulfill({ json: [] });
      const response = await route.fetch({ url: apiBase + url.pathname + url.search });
      return route.fulfill({ response });
    });
    for (let round = 0; round < ROUNDS; round++) {
      const page = await context.newPage();
      await page.goto(`${site.url}/portal/proposal-editor`);
      await page.evaluate((key) => localStorage.removeItem(key), AUTOSAVE.storageKey);
      await page.getByRole("textbox", { name: "Proposal body" }).waitFor();
      const rows = page.getByRole("list", { name: "Saved templates" }).getByRole("listitem");
      const started = performance.now();
      await page.getByRole("button", { name: "Load Template" }).click();
      await rows.nth(TEMPLATES - 1).waitFor({ state: "attached" });
      opens.push(performance.now() - started);
      const loadStarted = performance.now();
      await rows
        .first()
        .getByRole("button", { name: /^Load / })
        .click();
      await page
        .getByRole("region", { name: /Notifications/ })
        .getByText("Template loaded!")
        .waitFor();
      loads.push(performance.now() - loadStarted);
      // The dashboard reads the same light list: timed from navigation to its last card.
      const dashboardStarted = performance.now();
      await page.goto(`${site.url}/portal/dashboard`);
      await page.getByRole("heading", { name: `Template ${TEMPLATES - 1}`, exact: true }).waitFor({ timeout: 60_000 });
      dashboards.push(performance.now() - dashboardStarted);
      await page.close();
    }
  } finally {
    await browser.close();
    await site.close();
  }

  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
  console.log(
    `\nProposal editor with ${TEMPLATES} saved proposals, each ${mb(Buffer.byteLength(templateContent))} with its logo:`,
  );
  for (const [name, bytes] of Object.entries(sizes)) {
    const over = bytes > RESPONSE_LIMIT_BYTES;
    console.log(`  ${name.padEnd(56)} ${mb(bytes).padStart(10)}  ${over ? "OVER the 6 MB function limit" : "ok"}`);
  }
  const openMs = median(opens);
  console.log(
    `  Load dialog open (click to row ${TEMPLATES}), median of ${ROUNDS}: ${openMs.toFixed(0)} ms (max ${Math.max(...opens).toFixed(0)} ms)  ${openMs < TARGET_MS ? "PASS" : "FAIL"} (< ${TARGET_MS} ms)`,
  );
  console.log(`  Load one proposal (click to 'Template loaded!'), median: ${median(loads).toFixed(0)} ms`);
  const dashboardMs = median(dashboards);
  console.log(
    `  Dashboard open (navigation to card ${TEMPLATES}), median of ${ROUNDS}: ${dashboardMs.toFixed(0)} ms  ${dashboardMs < TARGET_MS ? "PASS" : "FAIL"} (< ${TARGET_MS} ms)`,
  );
  const timing = (list: number[]) => ({ medianMs: Math.round(median(list)), maxMs: Math.round(Math.max(...list)) });
  const file = writeResults("proposal", {
    templates: TEMPLATES,
    rounds: ROUNDS,
    responses: Object.entries(sizes).map(([name, bytes]) => ({ name, bytes })),
    responseLimitBytes: RESPONSE_LIMIT_BYTES,
    targetMs: TARGET_MS,
    dialogOpen: timing(opens),
    loadOne: timing(loads),
    dashboardOpen: timing(dashboards),
  });
  console.log(`bench:proposal: wrote ${file}`);
} finally {
  api.stop();
}
// @netlify/dev keeps the event loop alive after stop(); the figures are written.
process.exit(0);
