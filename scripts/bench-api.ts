// npm run bench:api: load-tests the API handlers at 50 connections, on the embedded database and, with
// BENCH_PG_URL or TEST_DATABASE_URL (a PostgreSQL server; a scratch database per server, dropped after), on
// PostgreSQL through the production path (one connection per request). Writes bench-results/api.json.
//
// The servers (scripts/bench/api-server.ts: the real netlify/functions handlers) run in child processes,
// and autocannon in this one, so the load generator's own work does not queue behind the server's.
// References measured in the same run, on the same database: `SELECT 1` through the same wrapper, driver
// and HTTP stack (the baseline the target's ratio is about), and `SELECT 1` on open connections without
// HTTP (the bare database round trip).
// The contact limit (5 per IP per 10 min) stays on: the server passes no context.ip and sets
// TRUST_PROXY_HEADERS, so the API takes the address from X-Forwarded-For, and each contact request
// carries a fresh one. Every request still runs the real throttle statement on the real threshold.
// The inbox scenario opens the first page of unhandled messages on two more servers, one holding 10
// contact messages and one 10,000, each with 10 of them unhandled so both answer the same page, and
// compares the two: an indexed page should cost the same at both sizes.
//
// Env: BENCH_CONNECTIONS (50), BENCH_DURATION (5 s per round), BENCH_ROUNDS (3), BENCH_TEMPLATES (100),
// BENCH_TEMPLATE_CHARS (2000). Flag: --port <first port of the servers> (0: free ones).
import { parseArgs } from "node:util";
import { scratchDatabase } from "./bench/api-load";
import { INBOX_SIZES, measureDatabase, type ApiBenchConfig, type DatabaseFigures } from "./bench/api-measure";
import { API_TARGETS } from "./bench/api-stats";
import { writeResults } from "./bench/results";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? API_TARGETS.connections);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TEMPLATES = Number(process.env.BENCH_TEMPLATES ?? 100);
/** Characters of templateContent per seeded template: 100 x 2 KB = a ~200 KB list response. */
const TEMPLATE_CHARS = Number(process.env.BENCH_TEMPLATE_CHARS ?? 2000);
const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL;

const { values } = parseArgs({ options: { port: { type: "string", default: "0" } } });
let port = Number(values.port);
const config: ApiBenchConfig = {
  connections: CONNECTIONS,
  seconds: DURATION,
  rounds: ROUNDS,
  templates: TEMPLATES,
  templateChars: TEMPLATE_CHARS,
  nextPort: () => String(port ? port++ : 0),
};

const fmt = (n: number | null) => (n !== null && Number.isFinite(n) ? n.toFixed(n < 10 ? 1 : 0) : "-");

function print(d: DatabaseFigures): void {
  console.log(
    `\n${d.database}: ${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${DURATION} s per scenario\n`,
  );
  console.log("| scenario | req/s | p50 ms | p95 ms | p99 ms | non-2xx/errors | p95 / SELECT 1 p95 |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const s of d.scenarios)
    console.log(
      `| ${s.name} | ${fmt(s.rps)} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.p99)} | ${s.errors} | ${fmt(s.p95VsSelectOne)}x |`,
    );
  const b = d.bareRoundTrip;
  console.log(
    `Bare round trip (SELECT 1, open connections, no HTTP): ${b.perSecond}/s, p50 ${fmt(b.p50)} ms, p95 ${fmt(b.p95)} ms`,
  );
  console.log(
    `Inbox first page, ${d.inbox.sizes.map((s) => `${s.stored} stored: ${s.rows} rows`).join(", ")}; ` +
      `${INBOX_SIZES[1]} vs ${INBOX_SIZES[0]}: p50 ${fmt(d.inbox.ratio.p50)}x, p95 ${fmt(d.inbox.ratio.p95)}x`,
  );
  console.log(
    `Target (p95 <= ${API_TARGETS.p95Ms} ms and <= ${API_TARGETS.p95VsSelectOne}x SELECT 1, no errors): ${d.pass ? "met" : "NOT met"}`,
  );
}

const databases: DatabaseFigures[] = [];
databases.push(await measureDatabase(config, "embedded (PGlite, in memory)"));
print(databases.at(-1)!);
if (PG_URL) {
  const scratch = await Promise.all([0, 1, 2].map(() => scratchDatabase(PG_URL)));
  try {
    const label = `PostgreSQL ${scratch[0]!.version} (pg driver, pooled connections)`;
    databases.push(
      await measureDatabase(
        config,
        label,
        scratch.map((s) => s.url),
      ),
    );
    print(databases.at(-1)!);
  } finally {
    await Promise.all(scratch.map((s) => s.drop()));
  }
} else console.log("\nbench:api: no BENCH_PG_URL or TEST_DATABASE_URL: PostgreSQL skipped");

const file = writeResults("api", {
  connections: CONNECTIONS,
  secondsPerRound: DURATION,
  rounds: ROUNDS,
  templates: TEMPLATES,
  databases,
});
console.log(`\nbench:api: wrote ${file}`);
