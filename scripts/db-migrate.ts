// npm run db:migrate: applies pending migrations/*.sql to DATABASE_URL (production) or the dev database.
import { openCliDb } from "./lib/cli-db";
import { migrateDatabase, runCommand } from "./lib/operator-commands";

await runCommand(() => migrateDatabase(openCliDb, console.log), "Migration failed: ");
