import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-postgres";

describe("the embedded server", () => {
  let server: EmbeddedPostgres;
  const clients: pg.Client[] = [];
  const connect = async () => {
    const client = new pg.Client({ connectionString: server.url });
    client.on("error", () => {});
    await client.connect();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startEmbeddedPostgres();
    const setup = await connect();
    await setup.query("CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL)");
    await setup.query("INSERT INTO counter VALUES (1, 0)");
    await setup.query("CREATE TABLE notes (body text NOT NULL)");
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
    await server.stop();
  });

  it("keeps one connection's transaction apart from another's statements", async () => {
    const [a, b] = [await connect(), await connect()];
    await a.query("BEGIN");
    await a.query("INSERT INTO notes VALUES ('uncommitted')");
    // b queues behind a's open transaction instead of running inside it.
    const seenByB = b.query<{ n: number }>("SELECT count(*)::int AS n FROM notes");
    await a.query("ROLLBACK");
    expect((await seenByB).rows[0]!.n).toBe(0);
  });

  it("a failed statement aborts only its own transaction", async () => {
    const [a, b] = [await connect(), await connect()];
    await a.query("BEGIN");
    await expect(a.query("SELECT 1/0")).rejects.toThrow(/division by zero/);
    const other = b.query("INSERT INTO notes VALUES ('from b')");
    await a.query("ROLLBACK");
    await other;
    expect((await b.query("SELECT body FROM notes")).rows).toEqual([{ body: "from b" }]);
    await b.query("DELETE FROM notes");
  });

  it("rolls back the transaction of a connection that vanishes, and serves the next", async () => {
    const a = await connect();
    const b = await connect();
    await a.query("BEGIN");
    await a.query("INSERT INTO notes VALUES ('lost')");
    const waiting = b.query<{ n: number }>("SELECT count(*)::int AS n FROM notes");
    (a as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    expect((await waiting).rows[0]!.n).toBe(0);
  });

  it("keeps concurrent parameterised statements of many connections apart (pglite-socket's own queue mixes them)", async () => {
    const pool = new pg.Pool({ connectionString: server.url, max: 16 });
    const answers = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const { rows } = await pool.query<{ n: number; s: string }>("SELECT $1::int AS n, $2::text AS s", [i, `s${i}`]);
        return rows[0]!.n === i && rows[0]!.s === `s${i}`;
      }),
    );
    await pool.end();
    expect(answers.every(Boolean)).toBe(true);
  });

  it("runs a connection's messages in order while a long one waited for the session (a signed PDF's Bind)", async () => {
    const [a, b] = [await connect(), await connect()];
    // A holds the session in a transaction while B's statement with a 600 KB parameter arrives over many socket
    // chunks: B's Parse and Bind wait for the session, and its Describe and Execute must not overtake them.
    await a.query("BEGIN");
    const long = b.query<{ n: number }>("SELECT length($1::text) AS n", ["x".repeat(600_000)]);
    // A's own round trips give B's chunks time to arrive, without a timer.
    for (let i = 0; i < 50; i++) await a.query("SELECT $1::int", [i]);
    await a.query("COMMIT");
    expect((await long).rows[0]!.n).toBe(600_000);
  });

  it("loses no update under concurrent read-modify-write transactions", async () => {
    const pool = new pg.Pool({ connectionString: server.url, max: 8 });
    await Promise.all(
      Array.from({ length: 40 }, async () => {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          const { rows } = await client.query<{ n: number }>("SELECT n FROM counter WHERE id = 1");
          await client.query("UPDATE counter SET n = $1 WHERE id = 1", [rows[0]!.n + 1]);
          await client.query("COMMIT");
        } finally {
          client.release();
        }
      }),
    );
    await pool.end();
    const c = await connect();
    expect((await c.query("SELECT n FROM counter")).rows).toEqual([{ n: 40 }]);
  });
});
