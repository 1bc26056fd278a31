// npm run bench:api: load-tests the API handlers at 50 connections against the embedded database.
//
// The server (scripts/bench/api-server.ts: the real netlify/functions handlers on in-memory
// PGlite, which runs on a thread of its own as a database server would) runs in a child process,
// and autocannon in this one, so the load generator's own work does not queue behind the server's.
// Baseline: GET /bench/select-1 runs `SELECT 1` through the same wrapper, driver and HTTP stack.
// The contact limit (5 per IP per 10 min) stays on: the server passes no context.ip, so the API
// falls back to X-Forwarded-For, and each contact request carries a fresh address. Every request
// still runs the real throttle statement on the real threshold.
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
  env: { ...process.env, BENCH_TEMPLATES: String(TEMPLATES), BENCH_TEMPLATE_CHARS: String(TEMPLATE_CHARS) },
  stdio: ["pipe", "pipe", "inherit"],
});
const ready = await new Promise<{ port: number; token: string }>((resolve, reject) => {
  child.once("exit", (code) => reject(new Error(`bench server exited early (${code})`)));
  createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
});
const base = `http://127.0.0.1:${ready.port}`;

type RunOptions = Pick<autocannon.Options, "headers" | "requests"> & { path: string; duration?: number };

async function run(name: string, { path, duration = DURATION, ...options }: RunOptions): Promise<Summary> {
  const latencies: number[] = [];
  let errors = 0;
  // autocannon reports p97.5 but not p95, so every response time is kept and ranked here.
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: base + path, connections: CONNECTIONS, duration, ...options }, (error, done) =>
      error ? reject(error) : resolve(done),
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

try {
  // Warm-up, so JIT and PGlite caches do not count against the first scenario.
  for (const [name, options] of scenarios) await run(name, { ...options, duration: 2 });

  // Rounds of all three, interleaved, so a passing disturbance on this shared machine skews
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
  const pass = byScenario.slice(1).every((s, i) => meetsApiTarget(s, ratios[i + 1]!));
  console.log(
    `Target (p95 <= ${API_TARGETS.p95Ms} ms and <= ${API_TARGETS.p95VsSelectOne}x SELECT 1, no errors): ${pass ? "met" : "NOT met"}`,
  );
} finally {
  child.stdin!.end();
}
