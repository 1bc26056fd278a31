/**
 * The production-like server's embedded database on a thread of its own (see database.ts): PGlite and its
 * TCP front run here, so SQL executes beside the request handling instead of blocking its event loop.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { prepare } from "../../src/integrations/dev-database";
import { startEmbeddedPostgres } from "../../src/integrations/embedded-postgres";

const { migrationsDir } = workerData as { migrationsDir: string };
const directory = await mkdtemp(join(tmpdir(), "anchor-line-db-"));
const db = await startEmbeddedPostgres({ directory });
await prepare(db.url, migrationsDir, { info: () => {} });
parentPort!.postMessage({ url: db.url });
parentPort!.once("message", async () => {
  await db.stop();
  await rm(directory, { recursive: true, force: true });
  parentPort!.postMessage({ stopped: true });
});
