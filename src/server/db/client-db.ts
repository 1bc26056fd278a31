import { DatabaseUnavailableError, isConnectionFailure, type Db, type Transaction } from "./types";

/** The part of `pg.Client` that Neon's `Client` shares, which is all we use. */
export interface SqlClient {
  connect(): Promise<unknown>;
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  end(): Promise<void>;
  on(event: "error", listener: (error: Error) => void): unknown;
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
        await c.connect();
      } catch (error) {
        throw new DatabaseUnavailableError(error);
      }
      return c;
    })());

  const query = async <T>(sql: string, params?: unknown[]): Promise<T[]> => {
    const c = await connection();
    try {
      return (await c.query(sql, params)).rows as T[];
    } catch (error) {
      throw isConnectionFailure(error) ? new DatabaseUnavailableError(error) : error;
    }
  };

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
        await query("COMMIT");
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
      await pending.then((c) => c.end()).catch(() => {});
    },
  };
}
