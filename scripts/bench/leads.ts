/**
 * npm run bench:leads: the Leads and Reports screens at the size issue 28 names, 5,000 leads and 1,000 proposals
 * (written with SQL, scripts/bench/lead-seed.ts), on the production-like server with the embedded database and
 * with PostgreSQL (BENCH_PG_URL or TEST_DATABASE_URL).
 *
 * - The Leads screen in Chromium against the production build, signed in: navigation to the list's first row
 *   visible, at /portal/messages and /portal/leads, median and p95 of ROUNDS loads after a warm-up one.
 * - The screen's list calls: their bytes as sent (gzip, as the server compresses) and decoded, the largest.
 * - GET /api/portal/leads (every lead, and the new unassigned ones), GET /api/portal/reports/leads and each CSV
 *   table, one request at a time: p95, median and slowest (autocannon).
 */
import { chromium, type Page } from "@playwright/test";
import { chromiumLaunch } from "../../playwright.config";
import { API } from "../../test/seed";
import { seedLeads } from "./lead-seed";
import { measureLatency, onEachDatabase, percentile, report, type Bench, type Figure } from "./harness";

const LEADS = 5000;
const BIDS = 1000;
const ROUNDS = Number(process.env.BENCH_LEADS_ROUNDS ?? 7);
const REQUESTS = Number(process.env.BENCH_LEADS_REQUESTS ?? 40);
const TARGET = { openMs: 1000, listKB: 100, listP95Ms: 1000, reportP95Ms: 500 };
const SCREENS = ["/portal/messages", "/portal/leads"] as const;
const LIST = `${API.base}/portal/leads`;
const REPORTS = `${API.base}/portal/reports/leads`;
/** The API calls of the two screens timed one at a time, each with its p95 target. */
const CALLS = [
  { call: LIST, p95Ms: TARGET.listP95Ms },
  { call: `${LIST}?status=new&owner=unassigned`, p95Ms: TARGET.listP95Ms },
  ...["", ".csv?table=weekly", ".csv?table=funnel", ".csv?table=replies"].map((query) => ({
    call: `${REPORTS}${query}`,
    p95Ms: TARGET.reportP95Ms,
  })),
];

/** One list call the screen made: its path and query, and its body's bytes as sent and decoded. */
interface ListCall {
  call: string;
  sent: number;
  decoded: number;
  encoding: string;
}

/** Navigation to the first lead visible, ROUNDS times after a warm-up; and every leads call the screen made. */
async function openScreen(page: Page, path: string): Promise<{ times: number[]; calls: ListCall[] }> {
  const calls: ListCall[] = [];
  const reading: Promise<void>[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith(`${API.base}/portal/leads`) && !url.pathname.startsWith(API.contacts)) return;
    reading.push(
      (async () => {
        const [sizes, body, headers] = await Promise.all([
          response.request().sizes(),
          response.body(),
          response.allHeaders(),
        ]);
        const encoding = headers["content-encoding"] ?? "identity";
        calls.push({ call: url.pathname + url.search, sent: sizes.responseBodySize, decoded: body.length, encoding });
      })(),
    );
  });
  const firstRow = page.locator('ul[aria-label="Leads"] > li').first();
  const times: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    // A blank page between loads, so each one is a whole navigation (a fragment or same-URL change is not).
    await page.goto("about:blank");
    const started = performance.now();
    await page.goto(path);
    await firstRow.waitFor({ state: "visible", timeout: 30_000 });
    if (round > 0) times.push(performance.now() - started);
    // Read each call's body before the next navigation discards it.
    await Promise.all(reading.splice(0));
  }
  return { times, calls };
}

/** The Leads screen's figures on one database. */
async function screens(database: string, bench: Bench): Promise<Figure[]> {
  const browser = await chromium.launch(chromiumLaunch);
  const rows: Figure[] = [];
  try {
    const context = await browser.newContext({ baseURL: bench.url, viewport: { width: 1280, height: 800 } });
    await context.addInitScript((token) => localStorage.setItem("portalToken", token), bench.token);
    for (const path of SCREENS) {
      const page = await context.newPage();
      const { times, calls } = await openScreen(page, path);
      await page.close();
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      rows.push({
        figure: `${database}: ${path}, navigation to the first lead visible, p95 of ${ROUNDS} (median ${Math.round(p50)} ms)`,
        value: Math.round(p95),
        unit: "ms",
        target: `< ${TARGET.openMs} ms`,
        pass: p95 < TARGET.openMs,
      });
      const largest = calls.reduce<ListCall | undefined>((a, c) => (a && a.sent >= c.sent ? a : c), undefined);
      const decoded = Math.max(0, ...calls.map((c) => c.decoded));
      rows.push({
        figure: `${database}: ${path}, largest list call as sent (${largest?.call ?? "none"}, ${largest?.encoding ?? "-"}; decoded, largest ${(decoded / 1024).toFixed(1)} KB)`,
        value: largest ? Math.round((largest.sent / 1024) * 10) / 10 : "none",
        unit: largest ? "KB" : undefined,
        target: `< ${TARGET.listKB} KB (decoded too)`,
        pass: !!largest && largest.sent < TARGET.listKB * 1024 && decoded < TARGET.listKB * 1024,
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** The screens' API calls, one request at a time: p95, median and slowest. */
async function calls(database: string, bench: Bench): Promise<Figure[]> {
  const rows: Figure[] = [];
  for (const { call, p95Ms } of CALLS) {
    const latency = await measureLatency({
      url: bench.url + call,
      headers: bench.headers,
      connections: 1,
      amount: REQUESTS,
    });
    const errors = latency.requests - (latency.statuses["2xx"] ?? 0);
    rows.push({
      figure: `${database}: GET ${call}, p95 of ${latency.requests} (median ${latency.p50} ms, slowest ${latency.slowest} ms, ${errors} errors)`,
      value: latency.p95,
      unit: "ms",
      target: `< ${p95Ms} ms`,
      pass: latency.p95 < p95Ms && errors === 0,
    });
  }
  return rows;
}

const rows: Figure[] = [];
await onEachDatabase(
  async (database, bench) => {
    const started = performance.now();
    await seedLeads(bench.databaseUrl, LEADS, BIDS);
    console.log(
      `${database}: ${LEADS} leads and ${BIDS} proposals seeded in ${Math.round(performance.now() - started)} ms`,
    );
    rows.push(...(await screens(database, bench)), ...(await calls(database, bench)));
  },
  // The every-minute job has nothing to do on the seeded data; once an hour keeps its idle runs out of the timings.
  { args: ["--notify-every", "3600"] },
);
process.exitCode = (await report("leads", rows)) ? 0 : 1;
