import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrate, MIGRATIONS_DIR } from "./migrate";
import { PGlite } from "@electric-sql/pglite";
import { pgliteDb } from "../../../test/pglite-db";

async function createMemoryDb() {
  const pg = await PGlite.create();
  return { db: pgliteDb(pg), pg };
}

describe("migration runner", () => {
  it("applies the project's migrations once and records them", async () => {
    const { db, pg } = await createMemoryDb();
    try {
      const first = await migrate(db, MIGRATIONS_DIR);
      expect(first.length).toBeGreaterThan(0);
      expect(await migrate(db, MIGRATIONS_DIR)).toEqual([]);
      const tables = await db.query<{ t: string }>(
        "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
      );
      expect(tables.map((r) => r.t)).toEqual(
        expect.arrayContaining([
          "audit_log",
          "contact_messages",
          "proposal_templates",
          "rate_limits",
          "schema_migrations",
          "signature_templates",
          "staff_users",
        ]),
      );
    } finally {
      await pg.close();
    }
  });

  it("rolls a failing migration back entirely and does not record it", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "migrations-"));
    await writeFile(path.join(dir, "001_ok.sql"), "CREATE TABLE a (id int);");
    await writeFile(path.join(dir, "002_bad.sql"), "CREATE TABLE b (id int); SELECT * FROM missing_table;");
    await writeFile(path.join(dir, "notes.txt"), "ignored");
    const { db, pg } = await createMemoryDb();
    try {
      await expect(migrate(db, dir)).rejects.toThrow(/missing_table/);
      const names = await db.query<{ name: string }>("SELECT name FROM schema_migrations");
      expect(names.map((r) => r.name)).toEqual(["001_ok.sql"]);
      const b = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'b'");
      expect(b).toHaveLength(0);
    } finally {
      await pg.close();
    }
  });
});
