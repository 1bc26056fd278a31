import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { neonConfig } from "@neondatabase/serverless";
import pg from "pg";
import { createUser } from "../auth/users";
import { setDbFactory, type Db } from "../db";
import { migrate } from "../db/migrate";
import { neonDb } from "../db/neon-db";
import { createThreadedDb } from "../db/pglite-thread";
import { resetEnv } from "../env";
import type { FunctionConfig, FunctionContext } from "../http";
import { startRelay } from "./relay";

process.env.PORTAL_JWT_SECRET = "test-secret-".padEnd(48, "x");
resetEnv();

// Logins pay for a real scrypt (N = 2^17, ~0.6 s idle, several seconds on a loaded CI box).
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

type Handler = (req: Request, context?: FunctionContext) => Promise<Response>;
interface FunctionModule {
  default: Handler;
  config: FunctionConfig;
}

// Every function, matched by its config.path the way Netlify routes them.
const modules = import.meta.glob<FunctionModule>("../../../netlify/functions/*.ts", { eager: true });
const routes = Object.values(modules).flatMap((mod) =>
  "path" in mod.config
    ? [mod.config.path].flat().map((path) => ({ pattern: new URLPattern({ pathname: path }), handler: mod.default }))
    : [],
);

/** The scheduled functions by file name (they have no route), for tests that run them. */
export const scheduled: Record<string, Handler> = Object.fromEntries(
  Object.entries(modules)
    .filter(([, mod]) => "schedule" in mod.config)
    .map(([file, mod]) => [file.replace(/^.*\/|\.ts$/g, ""), mod.default]),
);

/** Options for one test request. */
export interface CallOptions {
  /** Sent as JSON unless `raw` is given. */
  json?: unknown;
  raw?: BodyInit;
  headers?: Record<string, string>;
  token?: string;
  ip?: string;
}

/** Calls the function routed at `path` with a real Request, as Netlify would; 404 when none matches. */
export async function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const url = new URL(path, "http://localhost");
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: BodyInit | undefined = options.raw;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const req = new Request(url, { method, headers, body });
  for (const route of routes) {
    const match = route.pattern.exec({ pathname: url.pathname });
    if (match)
      return route.handler(req, {
        ip: options.ip ?? "203.0.113.7",
        params: match.pathname.groups as Record<string, string>,
      });
  }
  return new Response(JSON.stringify({ error: "no route" }), { status: 404 });
}

/** The database of the running suite, for assertions. */
export interface TestDb {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Creates an enabled staff user and returns its id. */
  createStaff(username: string, password: string): Promise<string>;
}

interface Backend {
  name: string;
  start(): Promise<{ factory: () => Db; stop(): Promise<void>; check(db: Db): Promise<void> }>;
}

const pglite: Backend = {
  name: "embedded PGlite",
  async start() {
    const { db, close } = await createThreadedDb();
    await migrate(db);
    return {
      factory: () => db,
      stop: close,
      async check(d) {
        // PGlite embeds PostgreSQL 17; the CI server is another version, reached over TCP.
        expect(d).toBe(db);
      },
    };
  },
};

/** The real PostgreSQL server through Neon's driver and the relay, in a database of its own. */
const neonOnServer = (serverUrl: string): Backend => ({
  name: "PostgreSQL via Neon driver",
  async start() {
    const relay = await startRelay();
    neonConfig.wsProxy = (host, port) => `127.0.0.1:${relay.port}/v2?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
    const name = `test_${randomUUID().replaceAll("-", "")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const factory = () => neonDb(url.toString());
    const db = factory();
    await migrate(db);
    await db.close();
    return {
      factory,
      async check(d) {
        const [row] = await d.query<{ db: string }>("SELECT current_database() AS db");
        expect(row!.db).toBe(name);
        expect(relay.connections()).toBeGreaterThan(0);
      },
      async stop() {
        await relay.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  },
});

/** Backends every handler suite runs on: always PGlite, plus the real server when TEST_DATABASE_URL is set. */
export const backends: Backend[] = [
  pglite,
  ...(process.env.TEST_DATABASE_URL ? [neonOnServer(process.env.TEST_DATABASE_URL)] : []),
];

/**
 * Runs `suite` once per backend on a freshly migrated database, with the functions'
 * database swapped for it.
 */
export function describeEachBackend(title: string, suite: (db: TestDb) => void): void {
  for (const backend of backends) {
    describe(`${title} [${backend.name}]`, () => {
      let started: Awaited<ReturnType<Backend["start"]>> | undefined;
      const run = async <T>(fn: (db: Db) => Promise<T>) => {
        const db = started!.factory();
        try {
          return await fn(db);
        } finally {
          await db.close();
        }
      };
      beforeAll(async () => {
        started = await backend.start();
        setDbFactory(started.factory);
      });
      afterAll(async () => {
        setDbFactory(undefined);
        await started?.stop();
      });
      suite({
        query: (sql, params) => run((db) => db.query(sql, params)),
        createStaff: (username, password) => run((db) => createUser(db, username, password)),
      });
      it(`ran on ${backend.name}`, () => run((db) => started!.check(db)));
    });
  }
}

/** Signs in through the login function and returns the token. */
export async function loginAs(username: string, password: string, ip = randomIp()): Promise<string> {
  const res = await call("POST", "/api/portal/login", { json: { username, password }, ip });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** A random documentation-range IP, so tests do not share throttling buckets by accident. */
export function randomIp(): string {
  const b = randomBytes(2);
  return `198.51.${b[0]}.${b[1]}`;
}
