import type { PGlite } from "@electric-sql/pglite";
import type { Db } from "./types";

/** A Db over an in-process PGlite (tests, bench). PGlite serialises queries itself. */
export function pgliteDb(pg: PGlite): Db {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      return (await pg.query<T>(sql, params)).rows;
    },
    transaction(fn) {
      return pg.transaction((tx) =>
        fn({
          query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows,
          exec: async (sql: string) => {
            await tx.exec(sql);
          },
        }),
      );
    },
    async exec(sql) {
      await pg.exec(sql);
    },
    // Shared by every request of a test file: the test closes it, not the request.
    async close() {},
  };
}

/** Creates a fresh in-memory PGlite Db (loaded lazily: PGlite is a dev dependency). */
export async function createMemoryDb(): Promise<{ db: Db; pg: PGlite }> {
  const { PGlite } = await import("@electric-sql/pglite");
  const pg = await PGlite.create();
  return { db: pgliteDb(pg), pg };
}
