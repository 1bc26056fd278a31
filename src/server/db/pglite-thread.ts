import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { DatabaseUnavailableError, type Db, type Transaction } from "./types";

/** A message to the worker (pglite-thread.worker.ts). `id` pairs it with its reply. */
export type ThreadRequest =
  | { id: number; op: "query"; sql: string; params?: unknown[]; tx?: number }
  | { id: number; op: "exec"; sql: string; tx?: number }
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "close" };

/** The worker's answer: a value, or the error with the fields the API's error mapping reads. */
export type ThreadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string; code?: string } };

type Pending = { resolve(value: unknown): void; reject(error: unknown): void };
type Payload<R> = R extends unknown ? Omit<R, "id"> : never;

/**
 * An in-memory PGlite on a worker thread of its own, as a database server would be: SQL runs
 * beside the request handling instead of on its event loop. Used by the tests and the API bench.
 * The worker loads TypeScript through tsx (a dev dependency, like PGlite itself).
 */
export async function createThreadedDb(): Promise<{ db: Db; close(): Promise<void> }> {
  // tsx by path: a bare "tsx" would be resolved from the working directory, not from here.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  const worker = new Worker(new URL("./pglite-thread.worker.ts", import.meta.url), { execArgv: ["--import", tsx] });
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let failure: Error | undefined;

  const ready = new Promise<unknown>((resolve, reject) => pending.set(0, { resolve, reject }));
  worker.on("message", (reply: ThreadReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) waiting?.resolve(reply.value);
    else waiting?.reject(Object.assign(new Error(reply.error.message), reply.error));
  });
  const fail = (error: Error) => {
    failure = new DatabaseUnavailableError(error);
    for (const waiting of pending.values()) waiting.reject(failure);
    pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`database worker exited (${code})`)));
  await ready;

  function call<T>(request: Payload<ThreadRequest>): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  const scoped = (tx?: number): Transaction => ({
    query: (sql, params) => call({ op: "query", sql, params, tx }),
    exec: (sql) => call({ op: "exec", sql, tx }),
  });

  const db: Db = {
    ...scoped(),
    async transaction(fn) {
      const tx = await call<number>({ op: "begin" });
      let result;
      try {
        result = await fn(scoped(tx));
      } catch (error) {
        await call({ op: "end", tx, commit: false }).catch(() => {});
        throw error;
      }
      await call({ op: "end", tx, commit: true });
      return result;
    },
    // Shared by every request of a test file or bench: its owner closes it, not the request.
    async close() {},
  };

  return {
    db,
    async close() {
      await call({ op: "close" }).catch(() => {});
      await worker.terminate();
    },
  };
}
