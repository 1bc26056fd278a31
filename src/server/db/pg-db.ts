import pg from "pg";
import { clientConfig, clientDb, type ConnectOptions } from "./client-db";
import type { Db } from "./types";

/**
 * Local driver: node-postgres against the Netlify Database emulation of `astro dev`
 * (or any local server). The emulation's URL has no user, which pg requires.
 */
export function pgDb(connectionString: string, options: ConnectOptions = {}): Db {
  const url = new URL(connectionString);
  if (!url.username) url.username = "postgres";
  return clientDb(() => new pg.Client(clientConfig(url.toString(), options)));
}
