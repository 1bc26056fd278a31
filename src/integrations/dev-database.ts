import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration, AstroIntegrationLogger } from "astro";
import { MIN_JWT_SECRET_BYTES } from "~/server/config";
import { DEV_STAFF_USER } from "~/server/config";
import { createUser } from "~/server/auth/commands/users";
import { countUsers } from "~/server/auth/queries/users";
import { migrate } from "~/server/db/migrate";
import pg from "pg";
import { poolConfig } from "~/server/db";
import { poolDb } from "~/server/db/pool-db";
import { startEmbeddedPostgres } from "./embedded-postgres";

/** Where `npm run dev` keeps its git-ignored state. */
export const DEV_DATA_DIR = ".data";
/** Written while the dev server runs, so `npm run portal:user` can reach the same database. */
export const DEV_DB_INFO_FILE = "dev-database.json";

// Survives Astro's in-process restarts (config edits), which re-run this integration.
const RUNNING = Symbol.for("anchor-line.dev-database");
const READY = Symbol.for("anchor-line.dev-database.ready");
type Holder = typeof globalThis & { [RUNNING]?: Promise<string>; [READY]?: Promise<void> };
const holder = () => globalThis as Holder;

/**
 * `astro dev` only: an embedded PostgreSQL (PGlite served over TCP, data in .data/db) that is migrated and, when
 * empty, seeded with one staff user; plus a JWT secret kept in a git-ignored file so tokens survive restarts; plus
 * TRUST_PROXY_HEADERS. The API (dev-api.ts) runs in this process and reads all three from process.env. Served
 * over TCP, as production's database is, so the app reaches it with the driver it uses everywhere but on Neon,
 * and `npm run portal:user` can reach it too.
 */
export default function devDatabase(): AstroIntegration {
  return {
    name: "dev-database",
    hooks: {
      async "astro:config:setup"({ command, config, logger }) {
        if (command !== "dev") return;
        const root = fileURLToPath(config.root);
        // DEV_DATA_DIR names another folder for a second dev server beside the first (a browser test's own).
        const dataDir = path.join(root, process.env.DEV_DATA_DIR || DEV_DATA_DIR);
        process.env.PORTAL_JWT_SECRET ||= await devSecret(path.join(dataDir, "portal-jwt-secret"), logger);
        // Under `astro dev` the socket's address is loopback for every request: the client address comes
        // from X-Forwarded-For instead (the e2e suite sends one per test to get a throttle bucket of its own).
        process.env.TRUST_PROXY_HEADERS ??= "1";
        // Not awaited: a new database's first start (PGlite's initdb, the migrations) runs beside Vite's
        // start and its dependency scan instead of before them. The API waits for it (devDatabaseReady).
        holder()[READY] = (async () => {
          const url = await startDatabase(path.join(dataDir, "db"), logger);
          process.env.DEV_DATABASE_URL = url;
          await writeFile(path.join(dataDir, DEV_DB_INFO_FILE), JSON.stringify({ url, pid: process.pid }) + "\n");
          await prepare(url, path.join(root, "migrations"), logger);
        })();
        holder()[READY]!.catch((error: unknown) => logger.error(`The dev database did not start: ${String(error)}`));
      },
    },
  };
}

/** Resolves once the dev database is running, migrated and seeded (`astro dev` only). */
export function devDatabaseReady(): Promise<void> {
  return holder()[READY] ?? Promise.reject(new Error("The dev database is not started outside `astro dev`"));
}

function startDatabase(directory: string, logger: AstroIntegrationLogger): Promise<string> {
  return (holder()[RUNNING] ??= openDevDatabase(directory, logger));
}

/**
 * Starts the embedded server on `directory`. A directory PGlite cannot open (one written by another PGlite
 * version, such as the one inside @netlify/database-dev) is moved aside, not deleted, and a fresh
 * database is created and seeded: dev data is disposable, but the old files stay for whoever wants them.
 */
async function openDevDatabase(directory: string, logger: AstroIntegrationLogger): Promise<string> {
  try {
    return (await startEmbeddedPostgres({ directory })).url;
  } catch (error) {
    const aside = `${directory}-unreadable-${Date.now()}`;
    await rename(directory, aside);
    logger.warn(`The dev database in ${directory} could not be opened (${String(error)}); moved it to ${aside}.`);
    return (await startEmbeddedPostgres({ directory })).url;
  }
}

async function devSecret(file: string, logger: AstroIntegrationLogger): Promise<string> {
  try {
    const existing = (await readFile(file, "utf8")).trim();
    if (Buffer.byteLength(existing) >= MIN_JWT_SECRET_BYTES) return existing;
  } catch {
    // First run: created below.
  }
  const secret = randomBytes(48).toString("base64url");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  logger.info(`Created a dev PORTAL_JWT_SECRET in ${file}`);
  return secret;
}

/** Migrates the dev database and, when it has no staff user yet, creates the dev one. */
export async function prepare(
  url: string,
  migrationsDir: string,
  logger: Pick<AstroIntegrationLogger, "info">,
): Promise<void> {
  // pg imported here rather than through openDb's lazy import: Astro loads this integration through a module
  // runner that is closed by the time the hook runs.
  const db = poolDb(new pg.Pool(poolConfig(url, { timeouts: false })), { endOnClose: true });
  try {
    const applied = await migrate(db, migrationsDir);
    if (applied.length > 0) logger.info(`Applied migrations: ${applied.join(", ")}`);
    if ((await countUsers(db)) === 0) {
      await createUser(db, DEV_STAFF_USER.username, DEV_STAFF_USER.password);
      logger.info(
        `Dev staff user created: username "${DEV_STAFF_USER.username}", password "${DEV_STAFF_USER.password}" (dev database only)`,
      );
    }
  } finally {
    await db.close();
  }
}
