// The worker half of pglite-thread.ts: one in-memory PGlite, answering the main thread's
// queries and keeping its transactions open between messages.
import { parentPort } from "node:worker_threads";
import { createMemoryDb } from "./pglite-db";
import type { ThreadReply, ThreadRequest } from "./pglite-thread";
import type { Transaction } from "./types";

const port = parentPort!;
const { db, pg } = await createMemoryDb();

/** Open transactions by the id of the message that began them. */
const open = new Map<number, { tx: Transaction; end(commit: boolean): Promise<void> }>();

/** Rejects the transaction's callback so PGlite rolls back; not an error to report. */
const ROLLBACK = Symbol("rollback");

/** Starts a transaction that stays open until an `end` message for it arrives. */
function begin(id: number): Promise<number> {
  return new Promise((started, failed) => {
    const done = db.transaction(
      (tx) =>
        new Promise<void>((commit, rollback) => {
          open.set(id, {
            tx,
            async end(shouldCommit) {
              open.delete(id);
              if (shouldCommit) commit();
              else rollback(ROLLBACK);
              await done.catch((error: unknown) => {
                if (error !== ROLLBACK) throw error;
              });
            },
          });
          started(id);
        }),
    );
    done.catch(failed);
  });
}

function transaction(id: number | undefined): Transaction {
  const entry = id === undefined ? undefined : open.get(id);
  if (!entry) throw new Error(`No open transaction ${id}`);
  return entry.tx;
}

async function run(message: ThreadRequest): Promise<unknown> {
  switch (message.op) {
    case "query":
      return (message.tx === undefined ? db : transaction(message.tx)).query(message.sql, message.params);
    case "exec":
      return (message.tx === undefined ? db : transaction(message.tx)).exec(message.sql);
    case "begin":
      return begin(message.id);
    case "end":
      return open.get(message.tx)?.end(message.commit);
    case "close":
      return pg.close();
  }
}

port.on("message", (message: ThreadRequest) => {
  run(message).then(
    (value) => port.postMessage({ id: message.id, ok: true, value } satisfies ThreadReply),
    (error: unknown) => {
      const { name, message: text, code } = (error ?? {}) as { name?: string; message?: string; code?: unknown };
      port.postMessage({
        id: message.id,
        ok: false,
        error: {
          name: name ?? "Error",
          message: text ?? String(error),
          code: typeof code === "string" ? code : undefined,
        },
      } satisfies ThreadReply);
    },
  );
});
port.postMessage({ id: 0, ok: true, value: "ready" } satisfies ThreadReply);
