import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration, AstroIntegrationLogger } from "astro";
import { DEV_STAFF_USER, MIN_JWT_SECRET_BYTES } from "../config/api";
import { createUser, countUsers } from "../server/auth/users";
import { migrate } from "../server/db/migrate";
import { pgDb } from "../server/db/pg-db";

/** How long to wait for the Netlify Database emulation to come up. */
const DB_WAIT_MS = 60_000;

/**
 * `astro dev` only: gives the functions a JWT secret (kept in a git-ignored file so tokens
 * survive restarts), then migrates the Netlify Database emulation and seeds one staff user
 * into an empty database. The emulation starts the database but applies nothing itself.
 */
export default function devDatabase(): AstroIntegration {
  let root = process.cwd();
  return {
    name: "dev-database",
    hooks: {
      async "astro:config:setup"({ command, config, logger }) {
        if (command !== "dev") return;
        root = fileURLToPath(config.root);
        // Function workers copy the parent's process.env when they start, so this reaches them.
        process.env.PORTAL_JWT_SECRET ||= await devSecret(path.join(root, ".data", "portal-jwt-secret"), logger);
      },
      async "astro:server:start"({ logger }) {
        try {
          await prepareDatabase(root, logger);
        } catch (error) {
          logger.error(`Dev database not ready: ${error instanceof Error ? error.message : String(error)}`);
        }
      },
    },
  };
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

/** The emulation's URL: the runtime puts it in process.env, and .netlify/state.json as a fallback. */
async function waitForDatabaseUrl(projectRoot: string): Promise<string> {
  const deadline = Date.now() + DB_WAIT_MS;
  while (Date.now() < deadline) {
    if (process.env.NETLIFY_DB_URL) return process.env.NETLIFY_DB_URL;
    try {
      const state = JSON.parse(await readFile(path.join(projectRoot, ".netlify", "state.json"), "utf8")) as { dbConnectionString?: string };
      if (state.dbConnectionString) return state.dbConnectionString;
    } catch {
      // Not written yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the Netlify Database emulation did not start");
}

async function prepareDatabase(projectRoot: string, logger: AstroIntegrationLogger): Promise<void> {
  const url = await waitForDatabaseUrl(projectRoot);
  const db = pgDb(url);
  try {
    const applied = await migrate(db, path.join(projectRoot, "migrations"));
    if (applied.length > 0) logger.info(`Applied migrations: ${applied.join(", ")}`);
    if ((await countUsers(db)) === 0) {
      await createUser(db, DEV_STAFF_USER.username, DEV_STAFF_USER.password);
      logger.info(`Dev staff user created: username "${DEV_STAFF_USER.username}", password "${DEV_STAFF_USER.password}" (dev database only)`);
    }
  } finally {
    await db.close();
  }
}
