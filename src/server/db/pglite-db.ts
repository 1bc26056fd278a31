import { Mutex, parse, PGlite, protocol } from "@electric-sql/pglite";
import type { Db, Transaction } from "./types";

/** Named statements kept per database; past this, further distinct SQL runs unprepared. */
const MAX_PREPARED = 500;

/**
 * A Db over an in-process PGlite (tests, bench), one session shared by every caller.
 *
 * Each distinct SQL text is prepared once as a named statement and then only bound and
 * executed, and each call is one batched protocol round into the engine. PGlite's own
 * `query` parses, plans and describes on every call in six rounds, which made planning,
 * not execution, most of the time of the API's statements (3x on the contact insert).
 * Parameters are sent as text and typed by the server, as node-postgres does.
 */
export function pgliteDb(pg: PGlite): Db {
  // The session is single: a transaction holds it from BEGIN to COMMIT, other callers wait.
  const lock = new Mutex();
  const prepared = new Map<string, string>();
  let counter = 0;

  async function run<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const values = params.map(toText);
    const { serialize } = protocol;
    const known = prepared.get(sql);
    // Names are never reused, so a statement whose first run failed cannot clash with a retry.
    const name = known ?? (prepared.size < MAX_PREPARED ? `s${++counter}` : "");
    const parts = known ? [] : [serialize.parse({ name, text: sql })];
    parts.push(
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    );
    try {
      const { messages } = await pg.execProtocol(concat(parts));
      if (!known && name) prepared.set(sql, name);
      return (parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) as T[];
    } catch (error) {
      // Parse may have succeeded before Bind or Execute failed: drop the half-made statement.
      if (!known && name)
        await pg.execProtocol(concat([serialize.close({ type: "S", name }), serialize.sync()]), {
          throwOnError: false,
        });
      throw error;
    }
  }

  async function exec(sql: string): Promise<void> {
    await pg.execProtocol(protocol.serialize.query(sql));
  }

  const tx: Transaction = { query: run, exec };

  return {
    query: (sql, params) => lock.runExclusive(() => run(sql, params)),
    transaction: (fn) =>
      lock.runExclusive(async () => {
        await exec("BEGIN");
        let result;
        try {
          result = await fn(tx);
        } catch (error) {
          await exec("ROLLBACK");
          throw error;
        }
        const { messages } = await pg.execProtocol(protocol.serialize.query("COMMIT"));
        // COMMIT in a transaction that hit an error (caught inside `fn`) only rolls back.
        if (messages.some((m) => m.name === "commandComplete" && "text" in m && m.text === "ROLLBACK")) {
          throw new Error("Transaction rolled back: a statement in it failed");
        }
        return result;
      }),
    exec: (sql) => lock.runExclusive(() => exec(sql)),
    // Shared by every request of a test file: the test closes it, not the request.
    async close() {},
  };
}

/** A parameter as text, the way node-postgres sends it; shapes with no single text form are refused. */
function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  throw new TypeError(`Unsupported query parameter: ${Object.prototype.toString.call(value)}`);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** Creates a fresh in-memory PGlite Db. */
export async function createMemoryDb(): Promise<{ db: Db; pg: PGlite }> {
  const pg = await PGlite.create();
  return { db: pgliteDb(pg), pg };
}
