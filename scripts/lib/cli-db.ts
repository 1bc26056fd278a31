import { readFileSync } from "node:fs";
import path from "node:path";
import { DEV_DATA_DIR, DEV_DB_INFO_FILE } from "../../src/integrations/dev-database";
import { databaseTarget, openDb, type Db } from "../../src/server/db";
import { resetEnv } from "../../src/server/env";

/**
 * Opens the database a CLI command should act on: DATABASE_URL / NETLIFY_DB_URL when set
 * (production, via Neon), otherwise the embedded database of a running `npm run dev` (which keeps its state
 * in `dataDir`).
 */
export async function openCliDb(dataDir = DEV_DATA_DIR): Promise<{ db: Db; describe: string }> {
  if (!process.env.DATABASE_URL && !process.env.NETLIFY_DB_URL && !process.env.DEV_DATABASE_URL) {
    try {
      const info = JSON.parse(readFileSync(path.join(dataDir, DEV_DB_INFO_FILE), "utf8")) as { url: string };
      process.env.DEV_DATABASE_URL = info.url;
      resetEnv();
    } catch {
      throw new Error("No database: set DATABASE_URL (production) or start `npm run dev` (embedded dev database).");
    }
  }
  const target = databaseTarget()!;
  const url = new URL(target.url);
  return {
    // Migrations and user administration may rightly run longer than a request's time limits.
    db: await openDb({ timeouts: false }),
    describe: `${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname} via ${target.driver}`,
  };
}
