import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "./types";

const MIGRATION_FILE = /^(\d+)_[\w-]+\.sql$/;

/** Default migrations folder: npm scripts, vitest and astro all run from the project root. */
export const MIGRATIONS_DIR = path.resolve("migrations");

/**
 * Applies pending numbered migrations in order, each in its own transaction together with
 * its row in schema_migrations, so a failed file leaves nothing half-applied. Returns the names applied.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const files = (await readdir(dir)).filter((f) => MIGRATION_FILE.test(f)).sort();
  const done = new Set((await db.query<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name));
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(dir, file), "utf8");
    await db.transaction(async (tx) => {
      // Two migrators at once (dev server and CLI) would otherwise race on the same file.
      const claimed = await tx.query(
        "INSERT INTO schema_migrations (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING name",
        [file],
      );
      if (claimed.length === 0) return;
      await tx.exec(sql);
      applied.push(file);
    });
  }
  return applied;
}
