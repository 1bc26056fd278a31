/** What the production-like server under test wrote about itself (playwright.config.ts starts it). */
import { readFile } from "node:fs/promises";
import { SERVER_INFO_FILE } from "../../playwright.config";
import { openDbAt, type Db } from "../../src/server/db";
// A spec that drains the outbox itself needs every domain's e-mail renderers registered.
import "../../src/server/mail-kinds";

export interface ServerInfo {
  url: string;
  /** Its embedded database, for the few specs that set up what the API cannot (a second staff member). */
  databaseUrl: string;
  /** Its token key, for specs that need a token the API would refuse (expired). */
  jwtSecret: string;
}

export async function serverInfo(): Promise<ServerInfo> {
  return JSON.parse(await readFile(SERVER_INFO_FILE, "utf8")) as ServerInfo;
}

/** Runs `fn` on the server's database, for what a spec must set up beside the API. */
export async function withServerDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDbAt({ driver: "pg", url: (await serverInfo()).databaseUrl }, { timeouts: false });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}
