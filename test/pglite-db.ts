import { PGlite, type Transaction as PGliteTransaction } from "@electric-sql/pglite";
import { RolledBackError, type Db, type Transaction } from "~/server/db/types";

const queries = (target: PGlite | PGliteTransaction): Transaction => ({
  query: async <T>(sql: string, params?: unknown[]) => (await target.query<T>(sql, params)).rows,
  exec: async (sql: string) => void (await target.exec(sql)),
});

/**
 * The Db over an in-process PGlite, for tests: PGlite runs one statement at a time and a transaction holds it
 * until COMMIT, which is how a test's concurrent requests see each other's work.
 */
export function pgliteDb(pg: PGlite): Db {
  return {
    ...queries(pg),
    transaction: (fn) =>
      pg.transaction(async (tx) => {
        const result = await fn(queries(tx));
        // A statement that failed inside `fn` and was caught there left the transaction aborted, and its COMMIT
        // would only roll back: report that as the pool Db does.
        await tx.query("SELECT 1").catch(() => {
          throw new RolledBackError();
        });
        return result;
      }),
    // Shared by every request of a test file: the file closes PGlite, not the request.
    async close() {},
  };
}
