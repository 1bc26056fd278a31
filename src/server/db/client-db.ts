import { DB_TIMEOUTS } from "../config";
import { DatabaseUnavailableError, isConnectionFailure, type Db, type Transaction } from "./types";

/** The part of `pg.Client` that Neon's `Client` shares, which is all we use. */
export interface SqlClient {
  connect(): Promise<unknown>;
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; command?: string }>;
  end(): Promise<void>;
  on(event: "error", listener: (error: Error) => void): unknown;
}

/** How a connection is opened: requests are time-limited, CLI scripts (migrations) are not. */
export interface ConnectOptions {
  /** Default true. False for db:migrate and portal:user, whose statements may rightly run long. */
  timeouts?: boolean;
}

/** Client settings both drivers take (Neon's Client is a pg Client): the time limits of DB_TIMEOUTS. */
export function clientConfig(connectionString: string, { timeouts = true }: ConnectOptions = {}) {
  if (!timeouts) return { connectionString, connectionTimeoutMillis: DB_TIMEOUTS.connectMs };
  return {
    connectionString,
    connectionTimeoutMillis: DB_TIMEOUTS.connectMs,
    query_timeout: DB_TIMEOUTS.queryMs,
    statement_timeout: DB_TIMEOUTS.statementMs,
  };
}

/** PostgreSQL answers COMMIT with ROLLBACK when the transaction had already failed: nothing was written. */
export class RolledBackError extends Error {
  constructor() {
    super("COMMIT was turned into ROLLBACK: the transaction had failed, nothing was written");
    this.name = "RolledBackError";
  }
}

/**
 * Where a Db gets its one connection for a request: opened for it (`dedicatedConnection`) or borrowed from the
 * process's pool (pg-db's `pooledConnection`).
 */
export interface ConnectionSource {
  /** Rejects with DatabaseUnavailableError when no connection can be had in time. */
  acquire(): Promise<SqlClient>;
  /** `broken`: the connection failed or may still be running a statement, so nobody else may use it. */
  release(client: SqlClient, broken: boolean): Promise<void>;
}

/**
 * One connection opened on first use and closed on release. This suits functions on Neon: nothing outlives
 * the invocation, which is what Neon asks of serverless code (its pooled endpoint does the pooling).
 */
export function dedicatedConnection(makeClient: () => SqlClient): ConnectionSource {
  return {
    async acquire() {
      const c = makeClient();
      // An idle client that loses its socket emits "error"; unhandled, that would kill the process.
      c.on("error", () => {});
      try {
        await withDeadline(c.connect(), DB_TIMEOUTS.connectMs, () => void c.end().catch(() => {}));
      } catch (error) {
        throw new DatabaseUnavailableError(error);
      }
      return c;
    },
    // Bounded: a server that never acknowledges the goodbye must not hold the response back.
    release: (c) => withDeadline(c.end(), DB_TIMEOUTS.connectMs, () => {}).catch(() => {}),
  };
}

/** A Db over one connection from `source`, taken on first use and given back by `close()`. */
export function clientDb(source: ConnectionSource): Db {
  let client: Promise<SqlClient> | undefined;
  // Set when a statement failed for want of the connection or timed out on the client: the connection
  // may be dead, or still busy with that statement, so it must not go back to a pool.
  let broken = false;

  const connection = () => (client ??= source.acquire());

  const run = async (sql: string, params?: unknown[]) => {
    const c = await connection();
    try {
      return await c.query(sql, params);
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      broken = true;
      throw new DatabaseUnavailableError(error);
    }
  };
  const query = async <T>(sql: string, params?: unknown[]): Promise<T[]> => (await run(sql, params)).rows as T[];

  const exec = async (sql: string) => {
    await query(sql);
  };
  const tx: Transaction = { query, exec };

  return {
    query,
    async transaction(fn) {
      await query("BEGIN");
      try {
        const result = await fn(tx);
        // A statement that failed inside `fn` and was caught there leaves the transaction aborted.
        if ((await run("COMMIT")).command === "ROLLBACK") throw new RolledBackError();
        return result;
      } catch (error) {
        // A connection left inside a transaction must never serve another request.
        await query("ROLLBACK").catch(() => void (broken = true));
        throw error;
      }
    },
    exec,
    async close() {
      if (!client) return;
      const pending = client;
      client = undefined;
      const c = await pending.catch(() => undefined);
      if (c) await source.release(c, broken);
    },
  };
}

/**
 * Rejects when `work` takes longer than `ms`, after calling `onTimeout`. pg honours connectionTimeoutMillis,
 * but Neon's WebSocket Client does not: a proxy that accepts and never answers would hang the request.
 */
function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(Object.assign(new Error(`Connection timeout: no answer within ${ms} ms`), { code: "ETIMEDOUT" }));
    }, ms);
  });
  work.catch(() => {}); // settles after the deadline when the timeout won
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
