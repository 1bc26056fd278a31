import { env } from "../env";
import type { ConnectOptions } from "./client-db";
import { DatabaseUnavailableError, type Db } from "./types";

export type { Db, Queryable, RevisedTable, Transaction } from "./types";

type DbFactory = () => Db | Promise<Db>;
let factory: DbFactory | undefined;

/** Replaces the environment's database (tests and the bench use an in-process one). */
export function setDbFactory(next: DbFactory | undefined): void {
  factory = next;
}

/** Which driver and URL the environment selects, or undefined when none is configured. */
export function databaseTarget(): { driver: "neon" | "pg"; url: string } | undefined {
  const e = env();
  if (e.DEV_DATABASE_URL) return { driver: "pg", url: e.DEV_DATABASE_URL };
  const url = e.NETLIFY_DB_URL ?? e.DATABASE_URL;
  if (!url) return undefined;
  if (e.DB_DRIVER) return { driver: e.DB_DRIVER, url };
  let host = "";
  try {
    host = new URL(url).hostname;
  } catch {
    // An unparsable URL fails on connect and becomes a 503.
  }
  // Neon speaks WebSocket through its proxy; a local server only speaks TCP.
  return { driver: ["localhost", "127.0.0.1", "::1", "[::1]"].includes(host) ? "pg" : "neon", url };
}

/** Opens the database for one request or script; close it when done. Drivers load lazily. */
export async function openDb(options: ConnectOptions = {}): Promise<Db> {
  if (factory) return factory();
  const target = databaseTarget();
  if (!target) throw new DatabaseUnavailableError(new Error("Set NETLIFY_DB_URL or DATABASE_URL"));
  if (target.driver === "pg") return (await import("./pg-db")).pgDb(target.url, options);
  return (await import("./neon-db")).neonDb(target.url, options);
}
