/**
 * npm run bench:load — issue 10's load test: 200 connections for 30 s of mixed reads and writes (template
 * list, template create and update, contact post, inbox read) against the production-like server
 * (scripts/serve-prod.ts in a child process), on the embedded database and on PostgreSQL (TEST_DATABASE_URL
 * or BENCH_PG_URL, a fresh database per run). Then the rows are counted: every acknowledged write must be
 * there. Each database runs BENCH_LOAD_ROUNDS times, on a fresh database each time. Writes
 * bench-results/load.json; scripts/bench-report.ts folds it into bench/REPORT.md.
 *
 * Env: BENCH_LOAD_CONNECTIONS (200), BENCH_LOAD_SECONDS (30), BENCH_LOAD_ROUNDS (3), BENCH_LOAD_ONLY (embedded | postgres),
 * BENCH_LOAD_LOG (a file for the server's request log).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { prepare } from "../src/integrations/dev-database";
import { DEV_STAFF_USER } from "../src/server/config";
import { combineRounds, loadPasses, percentile, type LoadFigures } from "./bench/load-stats";
import { writeResults } from "./bench/results";

const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL;
const PORT = 4790;
/** A file for serve-prod's request log (method, path, status, milliseconds), to see which requests were slow. */
const LOG = process.env.BENCH_LOAD_LOG;
/** Runs per database; the report shows the median run and every run's failures. */
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);
/** Which databases to run: "embedded", "postgres" or both (default). */
const ONLY = process.env.BENCH_LOAD_ONLY;

async function startServer(databaseUrl: string | undefined): Promise<{ child: ChildProcess; url: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, TRUST_PROXY_HEADERS: "1" };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const args = ["--import", "tsx", "scripts/serve-prod.ts", "--port", String(PORT)];
  if (LOG) args.push("--log");
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "inherit"] });
  if (LOG) child.stdout!.pipe(createWriteStream(LOG));
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`serve-prod exited (${code})`)));
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("serve-prod:") && resolve());
  });
  return { child, url: `http://127.0.0.1:${PORT}` };
}

let ip = 0;
const nextIp = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;

async function run(database: string, databaseUrl: string | undefined): Promise<LoadFigures> {
  const { child, url } = await startServer(databaseUrl);
  try {
    const login = await fetch(`${url}/api/portal/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": nextIp() },
      body: JSON.stringify({ ...DEV_STAFF_USER, rememberMe: false }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const seed = await fetch(`${url}/api/portal/templates`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ title: "seed", templateContent: "x" }),
    });
    const { id } = (await seed.json()) as { id: string };
    const tag = randomUUID();
    // Warm every function once: the local runtime compiles each on its first call.
    for (const path of ["/api/portal/templates", "/api/contacts"]) await fetch(url + path, { headers: auth });

    const latencies: number[] = [];
    let status5xx = 0;
    let otherErrors = 0;
    let contactsAcked = 0;
    let templatesAcked = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url,
          connections: CONNECTIONS,
          duration: SECONDS,
          requests: [
            // The list as the dashboard and the Load dialog request it (TEMPLATE_LIST_KEY in
            // src/features/templates/store.ts, which browser-only imports keep out of this script).
            { method: "GET", path: "/api/portal/templates?view=summary", headers: auth },
            {
              method: "POST",
              path: "/api/portal/templates",
              headers: auth,
              body: JSON.stringify({ title: `load ${tag}`, templateContent: "load" }),
              onResponse: (status: number) => void (status === 201 && templatesAcked++),
            },
            {
              method: "PUT",
              path: `/api/portal/templates/${id}`,
              headers: auth,
              body: JSON.stringify({ id, title: "seed (updated)", templateContent: "y" }),
            },
            {
              method: "POST",
              path: "/api/contact",
              setupRequest: (req) => ({
                ...req,
                headers: { "content-type": "application/json", "x-forwarded-for": nextIp() },
                body: JSON.stringify({ firstName: tag, email: "load@example.com", message: "load test" }),
              }),
              onResponse: (status: number) => void (status === 201 && contactsAcked++),
            },
            { method: "GET", path: "/api/contacts?limit=50", headers: auth },
          ],
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
      instance.on("response", (_client, status, _bytes, ms) => {
        latencies.push(ms);
        if (status >= 500) status5xx++;
        if (status >= 400 && status < 500) otherErrors++;
      });
    });
    console.log(
      `bench:load: ${database}: autocannon ${result.requests.total} requests, ${result.errors} errors, ${result.timeouts} timeouts, non2xx ${result.non2xx}`,
    );
    const rows = await countRows(url, auth, tag);
    const acked = contactsAcked + templatesAcked;
    return {
      database,
      connections: CONNECTIONS,
      seconds: SECONDS,
      requests: latencies.length,
      perSecond: Math.round(latencies.length / SECONDS),
      p50: Math.round(percentile(latencies, 0.5)),
      p95: Math.round(percentile(latencies, 0.95)),
      p99: Math.round(percentile(latencies, 0.99)),
      status5xx,
      otherErrors: otherErrors + result.errors + result.timeouts,
      // autocannon's errors include its timeouts.
      unanswered: result.errors,
      writesAcknowledged: acked,
      rowsCounted: rows,
      lostWrites: Math.max(0, acked - rows),
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

/** Rows the run wrote, counted through the API the staff use (templates by title, messages by name). */
async function countRows(url: string, auth: Record<string, string>, tag: string): Promise<number> {
  const templates = (await (await fetch(`${url}/api/portal/templates`, { headers: auth })).json()) as {
    title: string;
  }[];
  const contacts = (await (await fetch(`${url}/api/contacts`, { headers: auth })).json()) as { firstName: string }[];
  return templates.filter((t) => t.title === `load ${tag}`).length + contacts.filter((c) => c.firstName === tag).length;
}

async function freshPostgres(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `load_${randomUUID().replaceAll("-", "")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await prepare(url.toString(), "migrations", { info: () => {} });
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** `rounds` runs on fresh databases, combined into one row. */
async function rounds(database: string, fresh: () => Promise<{ url?: string; drop(): Promise<void> }>) {
  const figures: LoadFigures[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const db = await fresh();
    try {
      figures.push(await run(database, db.url));
    } finally {
      await db.drop();
    }
    const r = figures.at(-1)!;
    console.log(
      `bench:load: ${database} round ${round}/${ROUNDS}: p95 ${r.p95} ms, 5xx ${r.status5xx}, unanswered ${r.unanswered}, lost ${r.lostWrites}`,
    );
  }
  return combineRounds(figures);
}

const runs: LoadFigures[] = [];
console.log(
  `bench:load: ${CONNECTIONS} connections x ${SECONDS} s, ${ROUNDS} rounds per database, production-like server`,
);
// serve-prod starts a throw-away embedded database of its own when given no URL.
if (ONLY !== "postgres") runs.push(await rounds("embedded (PGlite)", async () => ({ drop: async () => {} })));
if (ONLY === "embedded") console.log("bench:load: PostgreSQL skipped (BENCH_LOAD_ONLY=embedded)");
else if (PG_URL) runs.push(await rounds("PostgreSQL (pg driver)", () => freshPostgres(PG_URL)));
else console.log("bench:load: no TEST_DATABASE_URL/BENCH_PG_URL, PostgreSQL skipped");
for (const r of runs)
  console.log(
    `${r.database} (median of ${r.rounds} runs): ${r.requests} requests (${r.perSecond}/s), p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms; ` +
      `over all runs: 5xx ${r.status5xx}, unanswered ${r.unanswered}, writes acked ${r.writesAcknowledged}, rows ${r.rowsCounted}, ` +
      `lost ${r.lostWrites}: ${loadPasses(r) ? "PASS" : "FAIL"}`,
  );
writeResults("load", { runs });
