import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NetlifyDB } from "@netlify/database-dev";
import { prepare } from "../../src/integrations/dev-database";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * A throw-away embedded PostgreSQL (PGlite over TCP, the same server `npm run dev` uses) in a temporary
 * directory, migrated and seeded with the dev staff user: what the production-like server runs on when no
 * DATABASE_URL is given.
 */
export async function startEmbeddedDatabase(migrationsDir: string): Promise<EmbeddedDatabase> {
  const directory = await mkdtemp(join(tmpdir(), "anchor-line-db-"));
  const db = new NetlifyDB({ directory, logger: () => {} });
  const url = await db.start();
  await prepare(url, migrationsDir, { info: () => {} });
  return {
    url,
    async stop() {
      await db.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A fresh signing key for a local run; tokens need not outlive it. */
export function ephemeralSecret(): string {
  return randomBytes(48).toString("base64url");
}
