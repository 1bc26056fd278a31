// npm run db:migrate: applies pending migrations/*.sql to DATABASE_URL (production) or the dev database.
import { migrate } from "../src/server/db/migrate";
import { openCliDb } from "./lib/cli-db";

try {
  const { db, describe } = await openCliDb();
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `Applied to ${describe}: ${applied.join(", ")}` : `${describe} is up to date.`);
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
