import { DB_POOL, DB_TIMEOUTS } from "~/server/config";
import { env } from "~/server/env";
import { poolDb, type SqlPool } from "./pool-db";
import { DatabaseUnavailableError, type Db } from "./types";

export type { Db, Queryable } from "./types";

/** A database and the driver that reaches it. */
export interface DatabaseTarget {
  driver: "neon" | "pg";
  url: string;
}

/** Which driver and URL the environment selects, or undefined when none is configured. */
export function databaseTarget(): DatabaseTarget | undefined {
  const e = env();
  if (e.DEV_DATABASE_URL) return { driver: "pg", url: e.DEV_DATABASE_URL };
  const url = e.NETLIFY_DB_URL ?? e.DATABASE_URL;
  if (!url) return undefined;
  if (e.DB_DRIVER) return { driver: e.DB_DRIVER, url };
  let host = "";
  try {
    host = new URL(url).hostname;
  } catch {
    // An unparsable URL fails on connect and becomes a 503.
  }
  // Neon speaks WebSocket through its proxy; a local server only speaks TCP.
  return { driver: ["localhost", "127.0.0.1", "::1", "[::1]"].includes(host) ? "pg" : "neon", url };
}

/** A request's time limits, in milliseconds. */
export interface RequestTimeouts {
  /** The wait for a connection: a free one of the pool, or a new one. */
  acquireMs: number;
  /** The client's wait for any answer to a statement. */
  queryMs: number;
  /** The server's limit on a statement (statement_timeout). */
  statementMs: number;
}

/** Production's limits on a request's database (a database that does not answer gives a 503 within 5 s). */
export const REQUEST_TIMEOUTS: RequestTimeouts = {
  acquireMs: DB_POOL.acquireMs,
  queryMs: DB_TIMEOUTS.queryMs,
  statementMs: DB_TIMEOUTS.statementMs,
};

/** How a database is opened: requests are time-limited, CLI scripts (migrations) are not. */
export interface OpenOptions {
  /**
   * Default REQUEST_TIMEOUTS. False for db:migrate and portal:user, whose statements may rightly run long; shorter
   * ones for tests that show what happens when a limit is reached.
   */
  timeouts?: RequestTimeouts | false;
}

/**
 * Connection settings both drivers take (Neon's Pool is a pg Pool). A database that does not answer still
 * gives a 503 within 5 s: `connectionTimeoutMillis` bounds the wait for a connection (a free one or a new
 * one), `statement_timeout` the server's work and `query_timeout` the client's wait for any answer.
 */
export function poolConfig(connectionString: string, { timeouts = REQUEST_TIMEOUTS }: OpenOptions = {}) {
  const url = new URL(connectionString);
  // The embedded server's URL may name no user, which pg requires.
  if (!url.username) url.username = "postgres";
  const base = { connectionString: url.toString(), max: DB_POOL.max, idleTimeoutMillis: DB_POOL.idleMs };
  if (!timeouts) return { ...base, max: 1, connectionTimeoutMillis: DB_TIMEOUTS.connectMs };
  return {
    ...base,
    connectionTimeoutMillis: timeouts.acquireMs,
    query_timeout: timeouts.queryMs,
    statement_timeout: timeouts.statementMs,
    // Idle connections must not keep a CLI or test process alive.
    allowExitOnIdle: true,
  };
}

/** One pg pool per process, URL and time limits: every request of the process borrows from it. */
const pgPools = new Map<string, Promise<SqlPool>>();

async function newPgPool(config: ReturnType<typeof poolConfig>): Promise<SqlPool> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool(config);
  // An idle connection that loses its socket emits "error" on the pool, which drops it by itself.
  pool.on("error", () => {});
  return pool;
}

async function newNeonPool(config: ReturnType<typeof poolConfig>): Promise<SqlPool> {
  const [{ Pool, neonConfig }, { default: ws }] = await Promise.all([import("@neondatabase/serverless"), import("ws")]);
  neonConfig.webSocketConstructor = ws;
  const pool = new Pool(config);
  pool.on("error", () => {});
  return pool as unknown as SqlPool;
}

/**
 * The database the environment names, for one request or script; call `close()` when done. On Neon
 * (production) each request gets a pool of its own, ended with it: nothing may outlive a function
 * invocation, and Neon's pooled endpoint does the pooling. Any other PostgreSQL is reached with pg through
 * one pool per process. Drivers load on first use, so a function loads only the one it needs.
 */
export async function openDb(options: OpenOptions = {}): Promise<Db> {
  const target = databaseTarget();
  if (!target) throw new DatabaseUnavailableError(new Error("Set NETLIFY_DB_URL or DATABASE_URL"));
  return openDbAt(target, options);
}

/** `openDb` for a database named explicitly (the dev server's embedded one, a CLI's target). */
export async function openDbAt(target: DatabaseTarget, options: OpenOptions = {}): Promise<Db> {
  const config = poolConfig(target.url, options);
  if (target.driver === "neon") return poolDb(await newNeonPool(config), { endOnClose: true });
  if (options.timeouts === false) return poolDb(await newPgPool(config), { endOnClose: true });
  // Keyed by the whole configuration: a test's shorter limits get a pool of their own.
  const key = JSON.stringify(config);
  let pool = pgPools.get(key);
  if (!pool) pgPools.set(key, (pool = newPgPool(config)));
  return poolDb(await pool, { endOnClose: false });
}

/** Closes every shared pool (tests that stop their database server). */
export async function endPools(): Promise<void> {
  const pools = [...pgPools.values()];
  pgPools.clear();
  await Promise.all(pools.map(async (pool) => (await pool).end().catch(() => {})));
}
