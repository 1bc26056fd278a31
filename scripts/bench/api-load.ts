/** The moving parts of `npm run bench:api`: its API servers (scripts/bench/api-server.ts) and one autocannon run. */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import pg from "pg";
import { summarize, type Summary } from "./api-stats";

/** One running bench server. */
export interface ApiServer {
  origin: string;
  token: string;
  child: ChildProcess;
  stop(): void;
}

/** Starts scripts/bench/api-server.ts with `env` added (BENCH_TEMPLATES, BENCH_CONTACTS, BENCH_DATABASE_URL, BENCH_PORT). */
export async function startApiServer(env: Record<string, string>): Promise<ApiServer> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/api-server.ts"], {
    env: { ...process.env, TRUST_PROXY_HEADERS: "1", ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const { port, token } = await new Promise<{ port: number; token: string }>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`bench server exited early (${code})`)));
    createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
  });
  return { origin: `http://127.0.0.1:${port}`, token, child, stop: () => child.stdin!.end() };
}

/** An empty PostgreSQL database on the server at `serverUrl`, dropped by `drop()`; `version` is the server's. */
export async function scratchDatabase(
  serverUrl: string,
): Promise<{ url: string; version: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const { rows } = await admin.query<{ version: string }>("SELECT current_setting('server_version') AS version");
  const name = `bench_api_${randomUUID().replaceAll("-", "")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    version: rows[0]!.version.split(" ")[0]!,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export type LoadOptions = Pick<autocannon.Options, "headers" | "requests"> & {
  origin: string;
  path: string;
  connections: number;
  seconds: number;
};

/** One autocannon run: every response time kept and ranked (autocannon reports p97.5, not p95). */
export async function loadRun(
  name: string,
  { origin, path, connections, seconds, ...options }: LoadOptions,
): Promise<Summary> {
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: origin + path, connections, duration: seconds, ...options }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      latencies.push(ms);
      if (status >= 300) errors++;
    });
  });
  return summarize(name, latencies, result.duration || seconds, errors + result.errors + result.timeouts);
}

let ipCounter = 0;
/** A new client address per contact message (10.x.y.z), so the 5-per-IP limit is never the answer. */
export const nextIp = (): string => {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
