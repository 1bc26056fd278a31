import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "~/integrations/embedded-postgres";
import { DB_POOL } from "~/server/config";
import { endPools, openDbAt } from "./index";
import { DatabaseUnavailableError } from "./types";

const servers: { name: string; url: () => string; pids: boolean }[] = [
  // PGlite is one backend: connection identity shows as the pool's, not the server's.
  { name: "embedded server", url: () => embedded.url, pids: false },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: "PostgreSQL", url: () => process.env.TEST_DATABASE_URL!, pids: true }]
    : []),
];
let embedded: EmbeddedPostgres;
beforeAll(async () => {
  embedded = await startEmbeddedPostgres();
});
afterAll(async () => {
  await endPools();
  await embedded.stop();
});

/** The server process behind a request's connection. */
const pidOf = async (url: string, hold = 0) => {
  const db = await openDbAt({ driver: "pg", url: url });
  try {
    const [row] = await db.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid, pg_sleep($1)`, [hold / 1000]);
    return row!.pid;
  } finally {
    await db.close();
  }
};

describe.each(servers)("pg driver pool on the $name", ({ url, pids }) => {
  it.runIf(pids)("serves many concurrent requests over at most DB_POOL.max connections, reused", async () => {
    const seen = await Promise.all(Array.from({ length: DB_POOL.max * 4 }, () => pidOf(url(), 50)));
    expect(new Set(seen).size).toBeLessThanOrEqual(DB_POOL.max);
    expect(seen).toContain(await pidOf(url()));
  });

  it("gives back a connection whose transaction failed clean, not inside the failed transaction", async () => {
    const db = await openDbAt({ driver: "pg", url: url() });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("SELECT 1/0");
      }),
    ).rejects.toThrow(/division by zero/);
    await db.close();
    // Every pooled connection in turn: none may answer 25P02 (in failed transaction) or be mid-transaction.
    const states = await Promise.all(
      Array.from({ length: DB_POOL.max }, async () => {
        const next = await openDbAt({ driver: "pg", url: url() });
        try {
          const [row] = await next.query<{ open: boolean }>(
            "SELECT now() <> statement_timestamp() OR txid_current_if_assigned() IS NOT NULL AS open",
          );
          return row!.open;
        } finally {
          await next.close();
        }
      }),
    );
    expect(states).not.toContain(true);
  });

  it.runIf(pids)("drops a connection whose statement timed out instead of lending it again", async () => {
    const db = await openDbAt({ driver: "pg", url: url() });
    const [{ pid }] = (await db.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")) as [{ pid: number }];
    await expect(db.query("SELECT pg_sleep(10)")).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await db.close();
    const after = await Promise.all(Array.from({ length: DB_POOL.max }, () => pidOf(url(), 20)));
    expect(after).not.toContain(pid);
  });
});
