import { setTimeout as sleep } from "node:timers/promises";
import { DB_TIMEOUTS } from "~/server/config";
import { DatabaseUnavailableError, RolledBackError, isConnectionFailure, type Db, type Transaction } from "./types";

/** A connection lent by a pool: the part pg's PoolClient and Neon's share. */
interface PooledClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; command?: string }>;
  /** `true` (or an error) destroys the connection instead of returning it to the pool. */
  release(destroy?: boolean | Error): void;
  on(event: "error", listener: (error: Error) => void): unknown;
  off(event: "error", listener: (error: Error) => void): unknown;
}

/** What pg's Pool and Neon's Pool share, which is all a Db needs. */
export interface SqlPool {
  connect(): Promise<PooledClient>;
  end(): Promise<void>;
}

/** A statement's failure: the database being out of reach becomes DatabaseUnavailableError (a 503). */
function statementError(error: unknown): unknown {
  return isConnectionFailure(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError(error)
    : error;
}

/**
 * The Db over a connection pool: pg's (a process-wide pool for any PostgreSQL reached over TCP) or Neon's
 * (one per request in production, ended with it, as Neon asks of serverless code). A plain statement takes
 * a free connection for its own duration; a transaction keeps one from BEGIN to COMMIT. A connection that
 * failed, or whose transaction could not be rolled back, is destroyed, never lent again.
 */
export function poolDb(pool: SqlPool, { endOnClose }: { endOnClose: boolean }): Db {
  /** Runs `work` on a connection of the pool; no connection in time (or at all) is a 503. */
  async function withClient<T>(work: (run: Run) => Promise<T>): Promise<T> {
    let client: PooledClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw new DatabaseUnavailableError(error);
    }
    let broken = false;
    // A lent connection whose socket fails between statements emits "error"; unheard, that would end the process.
    // The statement that next uses it fails instead, and the connection is destroyed on release.
    const onError = () => void (broken = true);
    client.on("error", onError);
    const run: Run = async (sql, params) => {
      try {
        return await client.query(sql, params);
      } catch (error) {
        broken ||= isConnectionFailure(error);
        throw statementError(error);
      }
    };
    try {
      return await work(run);
    } catch (error) {
      if (error instanceof MustDestroy) {
        broken = true;
        throw error.cause;
      }
      throw error;
    } finally {
      client.off("error", onError);
      client.release(broken);
    }
  }

  const query = async <T>(sql: string, params?: unknown[]) =>
    withClient(async (run) => (await run(sql, params)).rows as T[]);

  return {
    query,
    exec: async (sql) => void (await query(sql)),
    transaction: (fn) =>
      withClient(async (run) => {
        const tx: Transaction = {
          query: async <T>(sql: string, params?: unknown[]) => (await run(sql, params)).rows as T[],
          exec: async (sql) => void (await run(sql)),
        };
        await run("BEGIN");
        let result;
        try {
          result = await fn(tx);
          // A statement that failed inside `fn` and was caught there left the transaction aborted.
          if ((await run("COMMIT")).command === "ROLLBACK") throw new RolledBackError();
        } catch (error) {
          // A connection left inside a transaction must never serve another request.
          const rolledBack = await run("ROLLBACK").then(
            () => true,
            () => false,
          );
          throw rolledBack ? error : new MustDestroy(error);
        }
        return result;
      }),
    async close() {
      // Bounded: a server that never acknowledges the goodbye must not hold the response back.
      if (endOnClose)
        await Promise.race([pool.end().catch(() => {}), sleep(DB_TIMEOUTS.connectMs, undefined, { ref: false })]);
    },
  };
}

type Run = (sql: string, params?: unknown[]) => Promise<{ rows: unknown[]; command?: string }>;

/** Carries a transaction's error out of `withClient` when its connection could not be cleaned up. */
class MustDestroy extends Error {
  constructor(readonly cause: unknown) {
    super("connection left inside a transaction");
  }
}
