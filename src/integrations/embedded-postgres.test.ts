import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endsIdle, SessionTurns, startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-postgres";

const readyForQuery = (status: string) => Uint8Array.from([0x5a, 0, 0, 0, 5, status.charCodeAt(0)]);
const commandComplete = Uint8Array.from([0x43, 0, 0, 0, 10, ...new TextEncoder().encode("BEGIN"), 0]);

describe("endsIdle", () => {
  it("is true only when the reply's last message is ReadyForQuery 'I'", () => {
    expect(endsIdle(Uint8Array.from([...commandComplete, ...readyForQuery("I")]))).toBe(true);
    expect(endsIdle(Uint8Array.from([...commandComplete, ...readyForQuery("T")]))).toBe(false);
    expect(endsIdle(readyForQuery("E"))).toBe(false);
    expect(endsIdle(commandComplete)).toBe(false); // Parse/Bind/Execute before their Sync
    expect(endsIdle(new Uint8Array())).toBe(false);
  });
});

describe("SessionTurns", () => {
  it("serves connections first come first served and skips the ones that left", async () => {
    const turns = new SessionTurns();
    const [a, b, c] = [{}, {}, {}];
    const order: string[] = [];
    await turns.take(a);
    void turns.take(b).then(() => order.push("b"));
    void turns.take(c).then(() => order.push("c"));
    await turns.leave(b, async () => {});
    turns.give(a);
    await Promise.resolve();
    expect(order).toEqual(["c"]);
    expect(turns.holder).toBe(c);
  });
});

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
