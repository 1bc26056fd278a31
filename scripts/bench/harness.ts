/**
 * What every bench shares: the production-like server in a child process, a scratch PostgreSQL database, a
 * signed-in token, one latency run (autocannon) with one percentile function, and one way to report: a table
 * on stdout, each figure beside its target, and the same rows in bench-results/<name>.json (git-ignored).
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os, { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { prepare } from "../../src/integrations/dev-database";
import { DEV_STAFF_USER } from "../../src/server/config";
import { seedApi, sendTo, type SeedApi } from "../../test/seed";

/** The PostgreSQL server the benches run on besides the embedded database, when one is named. */
export const POSTGRES_URL = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL;

/**
 * `npm run serve:prod` in a child process (its own event loop, as a function instance has) on `databaseUrl`, or
 * on a throw-away embedded database. Resolves with its URL and its database's.
 */
export async function startServer(
  databaseUrl?: string,
  /** More environment for the server, and more arguments for serve-prod. */
  extra: { env?: NodeJS.ProcessEnv; args?: string[] } = {},
): Promise<{
  url: string;
  databaseUrl: string;
  /** When it said it was listening (performance.now()): its job timer started just before. */
  startedAt: number;
  stop(): void;
}> {
  const env: NodeJS.ProcessEnv = { ...process.env, TRUST_PROXY_HEADERS: "1", ...extra.env };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const infoFile = join(tmpdir(), `serve-prod-${randomUUID()}.json`);
  const args = [
    "--import",
    "tsx",
    "scripts/serve-prod.ts",
    "--port",
    "0",
    "--info-file",
    infoFile,
    ...(extra.args ?? []),
  ];
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`serve-prod exited (${code})`)));
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("serve-prod:") && resolve());
  });
  const startedAt = performance.now();
  const info = JSON.parse(await readFile(infoFile, "utf8")) as { url: string; databaseUrl: string };
  return { ...info, startedAt, stop: () => child.kill("SIGTERM") };
}

/** A running production-like server, the headers of a signed-in request to it, and its set-up calls. */
export type Bench = Awaited<ReturnType<typeof startServer>> & {
  headers: Record<string, string>;
  /** The dev staff user's session token. */
  token: string;
  seed: SeedApi;
};

/**
 * Runs `body` on a fresh production-like server on the embedded database, then on a scratch database of the
 * PostgreSQL server when one is named, and cleans up after each.
 */
export async function onEachDatabase(
  body: (database: "embedded" | "PostgreSQL", bench: Bench) => Promise<void>,
  extra?: Parameters<typeof startServer>[1],
): Promise<void> {
  for (const database of POSTGRES_URL ? (["embedded", "PostgreSQL"] as const) : (["embedded"] as const)) {
    const scratch = database === "PostgreSQL" ? await scratchDatabase(POSTGRES_URL!) : undefined;
    const server = await startServer(scratch?.url, extra);
    try {
      const seed = seedApi(sendTo(server.url));
      const token = await seed.login(DEV_STAFF_USER, nextIp());
      await body(database, { ...server, headers: signedInHeaders(token), token, seed });
    } finally {
      server.stop();
      await scratch?.drop();
    }
  }
}

/** A fresh database on the PostgreSQL server at `serverUrl`, migrated and seeded with the dev staff user. */
export async function scratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `bench_${randomUUID().replaceAll("-", "")}`;
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

let addresses = 0;
/** A new client address per request where the API throttles by address (10.x.y.z, sent as X-Forwarded-For). */
export const nextIp = (): string => {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** The headers of a signed-in JSON request, for the latency runs (autocannon sends them as they are). */
export function signedInHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, "content-type": "application/json" };
}

/** The value below which `p` percent of `values` lie (nearest rank); NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** What one latency run saw. */
export interface Latency {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  slowest: number;
  /** Responses by status class ("2xx", "4xx", "5xx"...). */
  statuses: Record<string, number>;
  /** Requests that got no answer within autocannon's timeout, or failed on the socket. */
  unanswered: number;
}

/**
 * One autocannon run, every response time kept (autocannon's own histogram has p97.5 but no p95).
 */
export async function measureLatency(options: autocannon.Options): Promise<Latency> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, status, _bytes, ms) => {
      times.push(ms);
      const kind = `${Math.floor(status / 100)}xx`;
      statuses[kind] = (statuses[kind] ?? 0) + 1;
    });
  });
  return {
    requests: times.length,
    perSecond: Math.round(times.length / (result.duration || 1)),
    p50: Math.round(percentile(times, 50)),
    p95: Math.round(percentile(times, 95)),
    p99: Math.round(percentile(times, 99)),
    slowest: Math.round(Math.max(...times)),
    statuses,
    unanswered: result.errors + result.timeouts,
  };
}

/** One reported figure: what, its value and unit, and the target it is held to (when it has one). */
export interface Figure {
  figure: string;
  value: number | string;
  unit?: string;
  target?: string;
  pass?: boolean;
}

/** Prints `rows` as a table and writes them, with the machine and date, to bench-results/<name>.json. */
export async function report(name: string, rows: Figure[]): Promise<boolean> {
  console.log(`\n${name}`);
  console.table(
    rows.map((r) => ({
      figure: r.figure,
      value: `${typeof r.value === "number" ? Math.round(r.value * 100) / 100 : r.value}${r.unit ? ` ${r.unit}` : ""}`,
      target: r.target ?? "",
      result: r.pass === undefined ? "" : r.pass ? "PASS" : "FAIL",
    })),
  );
  const machine = {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  };
  await mkdir("bench-results", { recursive: true });
  await writeFile(
    `bench-results/${name}.json`,
    JSON.stringify({ date: new Date().toISOString(), machine, loadAverage: os.loadavg(), rows }, null, 2),
  );
  return rows.every((r) => r.pass !== false);
}
