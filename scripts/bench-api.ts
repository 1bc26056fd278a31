// npm run bench:api: load-tests the API handlers at 50 connections against the embedded database.
//
// The server (scripts/bench/api-server.ts: the real netlify/functions handlers on in-memory
// PGlite, which runs on a thread of its own as a database server would) runs in a child process,
// and autocannon in this one, so the load generator's own work does not queue behind the server's.
// Baseline: GET /bench/select-1 runs `SELECT 1` through the same wrapper, driver and HTTP stack.
// The contact limit (5 per IP per 10 min) stays on: the server passes no context.ip and sets
// TRUST_PROXY_HEADERS, so the API takes the address from X-Forwarded-For, and each contact request
// carries a fresh one. Every request still runs the real throttle statement on the real threshold.
// The inbox scenario opens the first page of unhandled messages on two more server processes of the
// same script, one holding 10 contact messages and one 10,000 (the main server's count grows with
// every POST), each with 10 of them unhandled so both answer the same page, and compares the two:
// an indexed page should cost the same at both sizes.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { API_TARGETS, medianRound, meetsApiTarget, percentile, summarize, type Summary } from "./bench/api-stats";
import { median } from "./bench/targets";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? API_TARGETS.connections);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TEMPLATES = Number(process.env.BENCH_TEMPLATES ?? 100);
/** Characters of templateContent per seeded template: 100 x 2 KB = a ~200 KB list response. */
const TEMPLATE_CHARS = Number(process.env.BENCH_TEMPLATE_CHARS ?? 2000);

const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/api-server.ts"], {
  env: {
    ...process.env,
    BENCH_TEMPLATES: String(TEMPLATES),
    BENCH_TEMPLATE_CHARS: String(TEMPLATE_CHARS),
    TRUST_PROXY_HEADERS: "1",
  },
  stdio: ["pipe", "pipe", "inherit"],
});
const ready = await new Promise<{ port: number; token: string }>((resolve, reject) => {
  child.once("exit", (code) => reject(new Error(`bench server exited early (${code})`)));
  createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
});
const base = `http://127.0.0.1:${ready.port}`;

/** Stored contact messages of the two inbox servers, smaller first. */
const INBOX_SIZES = [10, 10_000] as const;
const INBOX_PATH = "/api/contacts?limit=50&handled=false";

/** Starts one more bench server, holding `contacts` messages and no templates. */
async function startInboxServer(contacts: number) {
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/bench/api-server.ts"], {
    env: { ...process.env, BENCH_TEMPLATES: "0", BENCH_CONTACTS: String(contacts) },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const { port, token } = await new Promise<{ port: number; token: string }>((resolve, reject) => {
    server.once("exit", (code) => reject(new Error(`inbox bench server exited early (${code})`)));
    createInterface({ input: server.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
  });
  const origin = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Bearer ${token}` };
  const first = await fetch(origin + INBOX_PATH, { headers });
  if (!first.ok) throw new Error(`inbox page with ${contacts} messages: ${first.status} ${await first.text()}`);
  return { child: server, contacts, origin, headers, rows: ((await first.json()) as unknown[]).length };
}
const inboxes = await Promise.all(INBOX_SIZES.map(startInboxServer));

type RunOptions = Pick<autocannon.Options, "headers" | "requests"> & {
  path: string;
  duration?: number;
  /** Another bench server's address; the main one's by default. */
  origin?: string;
};

async function run(
  name: string,
  { path, duration = DURATION, origin = base, ...options }: RunOptions,
): Promise<Summary> {
  const latencies: number[] = [];
  let errors = 0;
  // autocannon reports p97.5 but not p95, so every response time is kept and ranked here.
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: origin + path, connections: CONNECTIONS, duration, ...options },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      latencies.push(ms);
      if (status >= 300) errors++;
    });
  });
  return summarize(name, latencies, result.duration || duration, errors + result.errors + result.timeouts);
}

let ipCounter = 0;
/** A new client address per contact message (10.x.y.z), so the 5-per-IP limit is never the answer. */
const nextIp = () => {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
const contactBody = JSON.stringify({
  firstName: "Bench",
  lastName: "Mark",
  email: "bench@example.com",
  projectType: "general",
  message: "Load test message",
});

/** The three scenarios: the SELECT 1 baseline first, then the two API calls the target is about. */
const scenarios: Array<[name: string, options: RunOptions]> = [
  ["SELECT 1 (same stack)", { path: "/bench/select-1" }],
  [
    `GET /api/portal/templates (${TEMPLATES} rows)`,
    { path: "/api/portal/templates", headers: { authorization: `Bearer ${ready.token}` } },
  ],
  [
    "POST /api/contact",
    {
      path: "/api/contact",
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: contactBody,
          setupRequest: (request) => ({ ...request, headers: { ...request.headers, "x-forwarded-for": nextIp() } }),
        },
      ],
    },
  ],
];
/** Scenarios 1 to TARGETED - 1 are the ones the API target is about; the inbox scenarios follow them. */
const TARGETED = scenarios.length;
for (const inbox of inboxes)
  scenarios.push([
    `GET ${INBOX_PATH} (${inbox.contacts} stored)`,
    { path: INBOX_PATH, origin: inbox.origin, headers: inbox.headers },
  ]);

try {
  // Warm-up, so JIT and PGlite caches do not count against the first scenario.
  for (const [name, options] of scenarios) await run(name, { ...options, duration: 2 });

  // Rounds of all scenarios, interleaved, so a passing disturbance on this shared machine skews
  // one round of every scenario rather than all of one; each figure is the median round.
  const rounds: Summary[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const results: Summary[] = [];
    for (const [name, options] of scenarios) results.push(await run(name, options));
    rounds.push(results);
  }
  const byScenario = scenarios.map((_, i) => medianRound(rounds.map((r) => r[i]!)));
  const ratios = scenarios.map((_, i) => median(rounds.map((r) => r[i]!.p95 / r[0]!.p95)));
  const driver = (await (await fetch(`${base}/bench/driver?ms=1000&concurrency=${CONNECTIONS}`)).json()) as {
    latencies: number[];
    seconds: number;
  };
  const driverSorted = driver.latencies.sort((a, b) => a - b);

  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 1 : 0) : "-");
  console.log(
    `\nAPI benchmark: ${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${DURATION} s per scenario, ${TEMPLATES} templates of ${TEMPLATE_CHARS} chars, ` +
      `in-memory PGlite (embedded, own thread), server and load generator in separate processes, Node ${process.version}\n`,
  );
  console.log(
    "| scenario | req/s | p50 ms | p95 ms | p95 range over rounds | p99 ms | non-2xx/errors | p95 / SELECT 1 p95 |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  byScenario.forEach((r, i) => {
    const p95s = rounds.map((round) => round[i]!.p95);
    console.log(
      `| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(Math.min(...p95s))}-${fmt(Math.max(...p95s))} | ${fmt(r.p99)} | ${r.errors} | ${ratios[i]!.toFixed(2)}x |`,
    );
  });
  console.log(
    `\nDriver only (no HTTP), ${CONNECTIONS} concurrent SELECT 1: ${Math.round(driverSorted.length / driver.seconds)} queries/s, ` +
      `p50 ${percentile(driverSorted, 50).toFixed(2)} ms, p95 ${percentile(driverSorted, 95).toFixed(2)} ms`,
  );
  const inboxAt = (i: number) => TARGETED + i;
  console.log(
    `\nInbox first page, GET ${INBOX_PATH}, each size on its own server process (median round; ratio = median of the per-round ratios):\n`,
  );
  console.log("| stored messages | rows per page | req/s | p50 ms | p95 ms |");
  console.log("|---:|---:|---:|---:|---:|");
  inboxes.forEach((inbox, i) => {
    const r = byScenario[inboxAt(i)]!;
    console.log(`| ${inbox.contacts} | ${inbox.rows} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p95)} |`);
  });
  const inboxRatio = (key: "p50" | "p95") =>
    median(rounds.map((round) => round[inboxAt(1)]![key] / round[inboxAt(0)]![key])).toFixed(2);
  console.log(
    `${INBOX_SIZES[1]} vs ${INBOX_SIZES[0]} stored messages: p50 ${inboxRatio("p50")}x, p95 ${inboxRatio("p95")}x`,
  );
  const pass = byScenario.slice(1, TARGETED).every((s, i) => meetsApiTarget(s, ratios[i + 1]!));
  console.log(
    `Target (p95 <= ${API_TARGETS.p95Ms} ms and <= ${API_TARGETS.p95VsSelectOne}x SELECT 1, no errors): ${pass ? "met" : "NOT met"}`,
  );
} finally {
  child.stdin!.end();
  for (const inbox of inboxes) inbox.child.stdin!.end();
}
