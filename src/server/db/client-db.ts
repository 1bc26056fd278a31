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
 * A Db over one client connection, opened on first use and closed by `close()`.
 * One connection per request suits functions: nothing outlives the invocation,
 * which is what Neon asks of serverless code and what fresh dev workers need anyway.
 */
export function clientDb(makeClient: () => SqlClient): Db {
  let client: Promise<SqlClient> | undefined;

  const connection = () =>
    (client ??= (async () => {
      const c = makeClient();
      // An idle client that loses its socket emits "error"; unhandled, that would kill the process.
      c.on("error", () => {});
      try {
        await withDeadline(c.connect(), DB_TIMEOUTS.connectMs, () => void c.end().catch(() => {}));
      } catch (error) {
        throw new DatabaseUnavailableError(error);
      }
      return c;
    })());

  const run = async (sql: string, params?: unknown[]) => {
    const c = await connection();
    try {
      return await c.query(sql, params);
    } catch (error) {
      throw isConnectionFailure(error) ? new DatabaseUnavailableError(error) : error;
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
        await query("ROLLBACK").catch(() => {});
        throw error;
      }
    },
    exec,
    async close() {
      if (!client) return;
      const pending = client;
      client = undefined;
      // Bounded: a server that never acknowledges the goodbye must not hold the response back.
      await pending.then((c) => withDeadline(c.end(), DB_TIMEOUTS.connectMs, () => {})).catch(() => {});
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
