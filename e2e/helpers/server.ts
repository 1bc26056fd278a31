/** What the production-like server under test wrote about itself (playwright.config.ts starts it). */
import { readFile } from "node:fs/promises";
import { SERVER_INFO_FILE } from "../../playwright.config";

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
