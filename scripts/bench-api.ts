// npm run bench:api: load-tests the API handlers at 50 connections against the embedded database.
//
// The server (scripts/bench/api-server.ts: the real netlify/functions handlers on in-memory
// PGlite) runs in a child process, and autocannon in this one, so the load generator's own
// work does not queue behind the server's on one event loop.
// Baseline: GET /bench/select-1 runs `SELECT 1` through the same wrapper, driver and HTTP stack.
// The contact limit (5 per IP per 10 min) stays on: the server passes no context.ip, so the API
// falls back to X-Forwarded-For, and each contact request carries a fresh address. Every request
// still runs the real throttle statement on the real threshold.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { API_TARGETS, meetsApiTarget, percentile, summarize, type Summary } from "./bench/api-stats";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? API_TARGETS.connections);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
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
    const instance = autocannon({ url: base + path, connections: CONNECTIONS, duration, ...options }, (error, done) => (error ? reject(error) : resolve(done)));
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
const contactBody = JSON.stringify({ firstName: "Bench", lastName: "Mark", email: "bench@example.com", projectType: "general", message: "Load test message" });

try {
  // Warm-up, so JIT and PGlite caches do not count against the first scenario.
  await run("warm-up", { path: "/bench/select-1", duration: 2 });
  await run("warm-up", { path: "/api/portal/templates", duration: 1, headers: { authorization: `Bearer ${ready.token}` } });

  const baseline = await run("SELECT 1 (same stack)", { path: "/bench/select-1" });
  const scenarios = [
    await run(`GET /api/portal/templates (${TEMPLATES} rows)`, { path: "/api/portal/templates", headers: { authorization: `Bearer ${ready.token}` } }),
    await run("POST /api/contact", {
      path: "/api/contact",
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: contactBody,
          setupRequest: (request) => ({ ...request, headers: { ...request.headers, "x-forwarded-for": nextIp() } }),
        },
      ],
    }),
  ];
  const driver = (await (await fetch(`${base}/bench/driver?ms=1000&concurrency=${CONNECTIONS}`)).json()) as { latencies: number[]; seconds: number };
  const driverSorted = driver.latencies.sort((a, b) => a - b);

  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 1 : 0) : "-");
  console.log(
    `\nAPI benchmark: ${CONNECTIONS} connections, ${DURATION} s per scenario, ${TEMPLATES} templates of ${TEMPLATE_CHARS} chars, ` +
      `in-memory PGlite (embedded), server and load generator in separate processes, Node ${process.version}\n`,
  );
  console.log("| scenario | req/s | p50 ms | p95 ms | p99 ms | non-2xx/errors | p95 / SELECT 1 p95 |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of [baseline, ...scenarios]) {
    console.log(`| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.errors} | ${(r.p95 / baseline.p95).toFixed(2)}x |`);
  }
  console.log(
    `\nDriver only (no HTTP), ${CONNECTIONS} concurrent SELECT 1: ${Math.round(driverSorted.length / driver.seconds)} queries/s, ` +
      `p50 ${percentile(driverSorted, 50).toFixed(2)} ms, p95 ${percentile(driverSorted, 95).toFixed(2)} ms`,
  );
  const pass = scenarios.every((s) => meetsApiTarget(s, baseline));
  console.log(`Target (p95 <= ${API_TARGETS.p95Ms} ms and <= ${API_TARGETS.p95VsSelectOne}x SELECT 1, no errors): ${pass ? "met" : "NOT met"}`);
} finally {
  child.stdin!.end();
}
