/**
 * API tests: the app called with real Request objects (`app.request`), on a freshly migrated in-process PGlite.
 *
 * Which suites also run on PostgreSQL: those listed in `test/postgres-suites.ts`, each with its reason, and
 * only when TEST_DATABASE_URL names a server (CI sets it). There they run again on a database of their own,
 * reached through Neon's driver (production's) and a loopback WebSocket relay standing in for Neon's proxy.
 * The list holds the suites where the engine matters: the database layer and its faults, locks and races
 * (throttle, rate limits, outbox leasing, last-admin and sealing races, version conflicts), the triggers that
 * keep signed bids, retention and purges, the export and restore, volume and quotas. Validation,
 * authorization, error codes and business rules behave alike on both and run on the embedded database only.
 * A new suite starts there; add it to the list when its risk is one of the above, and say why.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { neonConfig } from "@neondatabase/serverless";
import pg from "pg";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, TestRunner, vi } from "vitest";
import type { ExtractSchema } from "hono/types";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorStatus } from "~/schemas/error-codes";
import { createApp, type AppType } from "~/server/app";
import { createUser } from "~/server/auth/commands/users";
import { openDbAt, type Db } from "~/server/db";
import { withAccountQuotas, type AccountQuotas } from "~/server/quotas";
import { resetEnv } from "~/server/env";
import { databaseUrl } from "./global-setup";
import { pgliteDb } from "./pglite-db";
import { POSTGRES_SUITES } from "./postgres-suites";
import { startRelay } from "./relay";

process.env.PORTAL_JWT_SECRET = "test-secret-".padEnd(48, "x");
resetEnv();

/**
 * API suites get long time limits: a loaded CI box makes their database work many times slower. Set by each
 * suite, not once at import: vitest resets the limits after every file, and files share this module.
 */
const giveApiSuiteTime = () => vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

/** Where a test's requests go: the app of the backend whose suite is running. */
let current:
  { app: ReturnType<typeof createApp>; database: () => Promise<Db>; quotas?: AccountQuotas | undefined } | undefined;

/** The app's routes as Hono types them (path, then `$method`, then input and answers), worked out once here. */
type AppSchema = ExtractSchema<AppType>;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type MethodKey<M extends Method> = `$${Lowercase<M>}`;
/** The route patterns that answer `M`, as `app.routes` names them (`/api/portal/templates/:id`). */
export type RouteOf<M extends Method> = {
  [P in keyof AppSchema]: MethodKey<M> extends keyof AppSchema[P] ? P : never;
}[keyof AppSchema] &
  string;
/** A route's pattern, with a query string when the caller adds one. */
type PathOf<M extends Method> = RouteOf<M> | `${RouteOf<M>}?${string}`;
/** The pattern of a path `call` was given (its query string dropped). */
type PatternOf<P extends string> = P extends `${infer Pattern}?${string}` ? Pattern : P;
/** What a route answers: one entry per status and body it declares (its success, its refusals). */
type Endpoint<M extends Method, P extends string> =
  PatternOf<P> extends infer Route extends keyof AppSchema
    ? MethodKey<M> extends infer Key extends keyof AppSchema[Route]
      ? AppSchema[Route][Key]
      : never
    : never;

type InputOf<E> = E extends { input: infer Input } ? Input : never;
/** The JSON body a route takes: the type of test data built before its call. */
export type JsonOf<M extends Method, P extends RouteOf<M>> =
  InputOf<Endpoint<M, P>> extends { json: infer Json } ? Json : never;

/** Options for one test request. */
interface RequestOptions {
  headers?: Record<string, string>;
  token?: string;
  /** The client address the platform reports (Netlify's context.ip). */
  ip?: string;
}

/** Options of a typed call: the route's JSON body, and the values of its `:params`. */
type CallOptions<Input> = RequestOptions &
  (Input extends { json: infer Json } ? { json?: Json } : { json?: never }) &
  (Input extends { param: infer Param } ? { param: Param } : { param?: never });

/** Options of a request malformed on purpose: any body, raw or as JSON. */
export interface UncheckedOptions extends RequestOptions {
  /** Sent as JSON unless `raw` is given. */
  json?: unknown;
  raw?: BodyInit;
  /** Values of the path's `:params`, put in as they are. */
  param?: Record<string, string>;
}

declare const endpoint: unique symbol;
/** A route's answer: `json()` gives the body of any status the route declares; `answer` picks one status's. */
export interface TestResponse<E> extends Response {
  json(): Promise<E extends { output: infer O } ? O : never>;
  readonly [endpoint]?: E;
}

/**
 * Calls the route `path` (a pattern of the app's, with an optional query string) with a real Request, as Netlify
 * would: its `:params` filled from `options.param`, its body the route's own input type.
 */
export function call<M extends Method, P extends PathOf<M>>(
  method: M,
  path: P,
  ...[options]: Endpoint<M, P> extends { input: { param: object } }
    ? [CallOptions<InputOf<Endpoint<M, P>>>]
    : [CallOptions<InputOf<Endpoint<M, P>>>?]
): Promise<TestResponse<Endpoint<M, P>>> {
  // The types above have checked the options against the route; the request itself is built as any other.
  return callUnchecked(method, path, options as UncheckedOptions);
}

/**
 * Calls the app with a request the routes' types do not allow, on purpose: a body that is not the route's, a path
 * no route has, a method the path does not answer.
 */
export async function callUnchecked(method: string, path: string, options: UncheckedOptions = {}): Promise<Response> {
  const filled = path.replace(/:(\w+)/g, (whole: string, name: string) => options.param?.[name] ?? whole);
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: BodyInit | undefined = options.raw;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  if (!current) throw new Error("call() outside describeEachBackend");
  const { app, quotas } = current;
  const request = () =>
    app.request(filled, { method, headers, body }, { context: { ip: options.ip ?? "203.0.113.7" } });
  return quotas ? withAccountQuotas(quotas, request) : request();
}

type StatusOf<E> = E extends { status: infer S } ? S : never;
/**
 * The body a route declares for `S`: for a success, the answers whose status may be `S`; for an error status,
 * the refusal and the answers the route names that status for (a 409 with the current version), not the
 * success answers that only leave their status open.
 */
type BodyAt<E, S> = E extends { status: infer St; output: infer O }
  ? S extends St
    ? S extends ErrorStatus
      ? ContentfulStatusCode extends St
        ? never
        : O
      : O
    : never
  : never;

/** Checks an answer's status (its body in the message when it is another) and returns its body, typed for it. */
export async function answer<E, S extends StatusOf<E> & number>(
  response: TestResponse<E>,
  status: S,
): Promise<BodyAt<E, S>> {
  const text = await response.clone().text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text);
}

/** The database of the running suite, for assertions and direct calls of repository functions. */
export interface TestDb extends Db {
  /** Creates an enabled staff user and returns its id. */
  createStaff(username: string, password: string): Promise<string>;
}

interface Backend {
  name: string;
  /** Runs only the tests whose titles match (test/postgres-suites.ts); every test when unset. */
  only?: RegExp | undefined;
  start(): Promise<{ database: () => Promise<Db>; check(db: Db): Promise<void>; stop(): Promise<void> }>;
}

const pglite: Backend = {
  name: "embedded PGlite",
  async start() {
    // The migrated image the global setup made (test/global-setup.ts).
    const engine = await PGlite.create({ loadDataDir: new Blob([await readFile(inject("pgliteImage"))]) });
    const db = pgliteDb(engine);
    return {
      database: async () => db,
      // Every request of the suite got this one in-process database.
      check: async (d) => expect(d).toBe(db),
      stop: () => engine.close(),
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
    // A copy of the migrated template the global setup made (test/global-setup.ts).
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
    const url = databaseUrl(serverUrl, name);
    const database = () => openDbAt({ driver: "neon", url });
    return {
      database,
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

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The test file being collected, relative to the repository root with forward slashes. */
function collectingFile(): string {
  const file = TestRunner.getCurrentSuite()?.file?.filepath;
  if (!file) throw new Error("describeEachBackend() outside a test file's collection");
  return path.relative(ROOT, file).split(path.sep).join("/");
}

/**
 * Backends the suite of the file being collected runs on: always PGlite, plus the real server when
 * TEST_DATABASE_URL is set and the file is in POSTGRES_SUITES.
 */
function backendsOfFile(): Backend[] {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const listed = POSTGRES_SUITES[collectingFile()];
  if (!serverUrl || listed === undefined) return [pglite];
  return [pglite, { ...neonOnServer(serverUrl), only: typeof listed === "string" ? undefined : listed.tests }];
}

/**
 * On a backend that runs only some of a suite's tests (`only`), skips the others and fails the suite when none
 * matched: a renamed test must not leave the server untested without a word.
 */
function runOnly(only: RegExp, backend: string): void {
  let matched = 0;
  beforeEach((context) => {
    if (context.task.name === ranOn(backend)) return;
    if (only.test(context.task.name)) matched++;
    else context.skip();
  });
  afterAll(() => {
    if (matched === 0) throw new Error(`no test matches ${only} on ${backend}: see test/postgres-suites.ts`);
  });
}

const ranOn = (backend: string) => `ran on ${backend}`;

/**
 * Runs `suite` on a freshly migrated embedded database, and again on PostgreSQL when its file is listed in
 * `test/postgres-suites.ts`, with `call` sending requests to the backend whose copy is running.
 */
export function describeEachBackend(title: string, suite: (db: TestDb) => void): void {
  giveApiSuiteTime();
  for (const backend of backendsOfFile()) {
    describe(`${title} [${backend.name}]`, () => {
      if (backend.only) runOnly(backend.only, backend.name);
      let started: Awaited<ReturnType<Backend["start"]>> | undefined;
      const use = async <T>(fn: (db: Db) => Promise<T>) => {
        const db = await started!.database();
        try {
          return await fn(db);
        } finally {
          await db.close();
        }
      };
      beforeAll(async () => {
        started = await backend.start();
        current = { app: createApp({ database: started.database }), database: started.database };
      });
      afterAll(async () => {
        current = undefined;
        await started?.stop();
      });
      suite({
        query: (sql, params) => use((db) => db.query(sql, params)),
        exec: (sql) => use((db) => db.exec(sql)),
        transaction: (fn) => use((db) => db.transaction(fn)),
        close: async () => {},
        createStaff: (username, password) => use((db) => createUser(db, username, password)),
      });
      it(ranOn(backend.name), () => use((db) => started!.check(db)));
    });
  }
}

/**
 * Applies `quotas` instead of ACCOUNT_QUOTAS to the requests `call()` sends in the enclosing suite, so a test
 * reaches a quota with kilobytes instead of storing tens of megabytes.
 */
export function useAccountQuotas(quotas: AccountQuotas): void {
  beforeAll(() => {
    if (!current) throw new Error("useAccountQuotas() outside describeEachBackend");
    current.quotas = quotas;
  });
}

/** Sends `call()` to the app on `database` for the tests of the enclosing describe block. */
export function withDatabase(database: () => Promise<Db>): void {
  giveApiSuiteTime();
  beforeAll(() => {
    current = { app: createApp({ database }), database };
  });
  afterAll(() => {
    current = undefined;
  });
}

/** Signs in through the API and returns the token. */
export async function loginAs(username: string, password: string, ip = randomIp()): Promise<string> {
  const body = await answer(await call("POST", "/api/portal/login", { json: { username, password }, ip }), 200);
  if (!("token" in body)) throw new Error(`login asked for a second factor: ${JSON.stringify(body)}`);
  return body.token;
}

/** A random documentation-range IP, so tests do not share throttling buckets by accident. */
export function randomIp(): string {
  const b = randomBytes(2);
  return `198.51.${b[0]}.${b[1]}`;
}

/**
 * Confirms the session of `token` again (sudo mode: POST /api/portal/account/confirm) with its password, and
 * the authenticator's code when the account has one; returns the token, now allowed sensitive changes.
 */
export async function confirmed(token: string, password: string, code?: string): Promise<string> {
  const res = await call("POST", "/api/portal/account/confirm", { token, json: { password, code }, ip: randomIp() });
  if (res.status !== 200) throw new Error(`confirm failed: ${res.status} ${await res.text()}`);
  return token;
}
