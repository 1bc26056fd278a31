import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { DEV_STAFF_USER } from "~/server/config";
import { findUserByUsername } from "~/server/auth/queries/users";
import { openDbAt, type Db } from "~/server/db";
import { prepare } from "./dev-database";
import { startEmbeddedPostgres } from "./embedded-postgres";

const migrations = path.resolve("migrations");
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** Runs `body` against the dev database kept in `directory`, as one `npm run dev` session would. */
async function session<T>(directory: string, body: (db: Db) => Promise<T>): Promise<T> {
  const server = await startEmbeddedPostgres({ directory });
  await prepare(server.url, migrations, { info: () => {} });
  const db = await openDbAt({ driver: "pg", url: server.url });
  try {
    return await body(db);
  } finally {
    await db.close();
    await server.stop();
  }
}

test("the dev database is migrated, seeded once, and keeps its data across restarts", async () => {
  const directory = await mkdtemp(path.join(tmpdir(), "dev-db-"));
  dirs.push(directory);

  await session(directory, async (db) => {
    expect(await findUserByUsername(db, DEV_STAFF_USER.username)).toBeDefined();
    await db.query(`INSERT INTO proposal_templates (title, template_content, category) VALUES ($1, $2, $3)`, [
      "Kept",
      "body",
      "residential",
    ]);
  });

  const titles = await session(directory, async (db) => {
    const users = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_users`);
    expect(users[0]!.n).toBe(1);
    return (await db.query<{ title: string }>(`SELECT title FROM proposal_templates`)).map((row) => row.title);
  });
  expect(titles).toEqual(["Kept"]);
});
