/**
 * Once per `vitest run`: a migrated database image that every API suite starts from, instead of each suite
 * running PostgreSQL's initdb and all migrations again (in PGlite that is about 5 s of CPU a suite, most of the
 * unit step on two cores). PGlite suites load a dump of a migrated data directory; PostgreSQL suites copy a
 * migrated template database (`CREATE DATABASE … TEMPLATE`). Both images are made here by the same `migrate`
 * the product runs, so suites still start on exactly what production's migrations build.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrate } from "~/server/db/migrate";
import { poolDb } from "~/server/db/pool-db";
import { pgliteDb } from "./pglite-db";

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding the dump of a migrated PGlite data directory. */
    pgliteImage: string;
    /** A migrated database on TEST_DATABASE_URL's server to copy, when that variable is set. */
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), "aiq-test-"));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = serverUrl ? `test_template_${randomUUID().replaceAll("-", "")}` : null;

  const pgliteImage = path.join(dir, "migrated.tar");
  const makePglite = async () => {
    const engine = await PGlite.create();
    await migrate(pgliteDb(engine));
    const dump = await engine.dumpDataDir("none");
    await engine.close();
    await writeFile(pgliteImage, Buffer.from(await dump.arrayBuffer()));
  };
  const makeTemplate = async () => {
    if (!serverUrl || !template) return;
    await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${template}`));
    // Closed before any suite copies it: PostgreSQL copies a template only while nobody is connected to it.
    // No connect timeout: a loaded machine may take seconds to hand out the first connection.
    const db = poolDb(new pg.Pool({ connectionString: databaseUrl(serverUrl, template), max: 1 }), {
      endOnClose: true,
    });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
  };
  await Promise.all([makePglite(), makeTemplate()]);

  project.provide("pgliteImage", pgliteImage);
  project.provide("postgresTemplate", template);

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (serverUrl && template)
      await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
  };
}

/** `serverUrl` with its database replaced by `name`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}
