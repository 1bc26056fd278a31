import pg from "pg";
import { DB_POOL } from "../config";
import { clientConfig, clientDb, dedicatedConnection, type ConnectionSource, type ConnectOptions } from "./client-db";
import { DatabaseUnavailableError, type Db } from "./types";

/**
 * Local driver: node-postgres against the embedded dev database or any PostgreSQL reached over TCP.
 * The embedded server's URL may have no user, which pg requires.
 *
 * Time-limited connections (requests) are borrowed from one pool per process and URL: the production-like
 * server runs every function in one process, and a connection per request there meant one PostgreSQL backend
 * per concurrent request, past `max_connections` ("too many clients") under the load test.
 */
export function pgDb(connectionString: string, options: ConnectOptions = {}): Db {
  const url = new URL(connectionString);
  if (!url.username) url.username = "postgres";
  const config = clientConfig(url.toString(), options);
  if (options.timeouts === false) return clientDb(dedicatedConnection(() => new pg.Client(config)));
  return clientDb(pooledConnection(poolFor(url.toString(), config)));
}

const pools = new Map<string, pg.Pool>();

function poolFor(url: string, config: pg.ClientConfig): pg.Pool {
  let pool = pools.get(url);
  if (!pool) {
    pool = new pg.Pool({
      ...config,
      max: DB_POOL.max,
      idleTimeoutMillis: DB_POOL.idleMs,
      // Covers both the wait for a free connection and opening a new one.
      connectionTimeoutMillis: DB_POOL.acquireMs,
      // Idle connections must not keep a CLI or test process alive.
      allowExitOnIdle: true,
    });
    // An idle connection that loses its socket emits "error" on the pool; the pool drops it by itself.
    pool.on("error", () => {});
    pools.set(url, pool);
  }
  return pool;
}

function pooledConnection(pool: pg.Pool): ConnectionSource {
  return {
    async acquire() {
      try {
        return await pool.connect();
      } catch (error) {
        throw new DatabaseUnavailableError(error);
      }
    },
    async release(client, broken) {
      // release(true) destroys the connection instead of returning it.
      (client as pg.PoolClient).release(broken);
    },
  };
}

/** Closes every pooled connection (tests that stop their database server). */
export async function endPools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.end().catch(() => {})));
}
