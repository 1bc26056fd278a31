import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryDb } from "./pglite-db";
import { createThreadedDb } from "./pglite-thread";
import { DatabaseUnavailableError, type Db } from "./types";

const implementations = [
  [
    "on this thread",
    async () => {
      const { db, pg } = await createMemoryDb();
      return { db, close: () => pg.close() };
    },
  ],
  ["on a worker thread", createThreadedDb],
] as const;

describe.each(implementations)("PGlite Db %s (prepared statements, one session)", (_where, create) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await create());
    await db.exec(
      "CREATE TABLE t (id uuid PRIMARY KEY, n int NOT NULL, at timestamptz, ok boolean); CREATE TABLE u (n int)",
    );
  });
  afterAll(() => close());

  const ID = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
  const insert = "INSERT INTO t (id, n, at, ok) VALUES ($1, $2, $3, $4) RETURNING id, n, at, ok";

  it("reuses one prepared statement with new parameters, typed by the server", async () => {
    const at = new Date("2026-01-02T03:04:05.678Z");
    expect(await db.query(insert, [ID(1), 1, at, true])).toEqual([{ id: ID(1), n: 1, at, ok: true }]);
    expect(await db.query(insert, [ID(2), 2n, null, false])).toEqual([{ id: ID(2), n: 2, at: null, ok: false }]);
    const names = await db.query<{ name: string }>(
      "SELECT name FROM pg_prepared_statements WHERE statement LIKE 'INSERT INTO t%'",
    );
    expect(names).toHaveLength(1);
  });

  it("a statement whose first run fails can run again (bad input, then good)", async () => {
    const sql = "SELECT n FROM t WHERE id = $1";
    await expect(db.query(sql, ["not-a-uuid"])).rejects.toMatchObject({ code: "22P02" });
    expect(await db.query(sql, [ID(1)])).toEqual([{ n: 1 }]);
    await expect(db.query("SELEC nonsense")).rejects.toMatchObject({ code: "42601" });
    expect(await db.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });

  it("keeps errors' SQLSTATE for the API's error mapping", async () => {
    await expect(db.query(insert, [ID(1), 9, null, null])).rejects.toMatchObject({ code: "23505" });
  });

  it("refuses parameters that have no single text form", async () => {
    await expect(db.query("SELECT $1::text", [{ a: 1 }])).rejects.toThrow(/Unsupported query parameter/);
    await expect(db.query("SELECT $1::text", [[1, 2]])).rejects.toThrow(/Unsupported query parameter/);
  });

  it("commits, rolls back on a throw, and refuses to report a rolled-back COMMIT as success", async () => {
    await db.transaction((tx) => tx.query("INSERT INTO u VALUES (1)"));
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO u VALUES (2)");
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO u VALUES (3)");
        await tx.query("INSERT INTO u VALUES ('x')").catch(() => {});
      }),
    ).rejects.toThrow(/rolled back/);
    expect(await db.query("SELECT n FROM u ORDER BY n")).toEqual([{ n: 1 }]);
  });

  it("other callers wait for a transaction instead of running inside it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const tx = db.transaction(async (t) => {
      await t.query("INSERT INTO u VALUES (10)");
      await gate;
      throw new Error("undo");
    });
    const outside = db.query<{ c: number }>("SELECT count(*)::int AS c FROM u WHERE n = 10");
    release();
    await expect(tx).rejects.toThrow("undo");
    expect(await outside).toEqual([{ c: 0 }]);
  });

  it("runs multi-statement scripts with exec", async () => {
    await db.exec("INSERT INTO u VALUES (20); INSERT INTO u VALUES (21);");
    expect(await db.query("SELECT count(*)::int AS c FROM u WHERE n >= 20")).toEqual([{ c: 2 }]);
    await expect(db.exec("INSERT INTO u VALUES (22); SELECT * FROM missing")).rejects.toThrow(/missing/);
  });
});

describe("PGlite Db on a worker thread", () => {
  it("answers 'unavailable' once its worker is gone, instead of hanging", async () => {
    const { db, close } = await createThreadedDb();
    expect(await db.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
    await close();
    await expect(db.query("SELECT 1")).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });
});
