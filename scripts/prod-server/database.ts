import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * A throw-away embedded PostgreSQL (PGlite over TCP, the server `npm run dev` uses) in a temporary directory,
 * migrated and seeded with the dev staff user: what the production-like server runs on when no DATABASE_URL
 * is given. It runs on a worker thread: on the server's own thread every statement blocked request handling,
 * and under the load test requests waited seconds to be read at all.
 */
export async function startEmbeddedDatabase(migrationsDir: string): Promise<EmbeddedDatabase> {
  // tsx by path: a bare "tsx" would be resolved from the working directory, not from here.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  const worker = new Worker(new URL("./database.worker.ts", import.meta.url), {
    execArgv: ["--import", tsx],
    workerData: { migrationsDir },
  });
  const next = () =>
    new Promise<{ url?: string }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
  const { url } = await next();
  return {
    url: url!,
    async stop() {
      const stopped = next();
      worker.postMessage("stop");
      await stopped;
      await worker.terminate();
    },
  };
}

/** A fresh signing key for a local run; tokens need not outlive it. */
export function ephemeralSecret(): string {
  return randomBytes(48).toString("base64url");
}
