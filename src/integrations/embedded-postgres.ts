import { mkdir } from "node:fs/promises";
import { createServer, type Socket } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from "@electric-sql/pglite-socket";

export interface EmbeddedPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust: any user, no password). */
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Where PGlite keeps its files; in memory when absent. */
  directory?: string;
  /** 0 (default) picks a free port. */
  port?: number;
}

/** The last message of every exchange: ReadyForQuery ('Z', length 5) with status 'I', idle outside a transaction. */
const READY_IDLE = [0x5a, 0, 0, 0, 5, 0x49];
const TERMINATE = 0x58;

/**
 * Who has PGlite's one session. pglite-socket's own queue hands it to whichever connection's message comes
 * next unless a transaction is open, so two connections' extended-protocol exchanges (Parse, Bind, Execute,
 * Sync) interleave and one's Bind meets the other's statement ("unnamed prepared statement does not exist",
 * "portal does not exist") as soon as two requests run at once. Here a connection keeps the session from its
 * first message until PGlite answers ReadyForQuery idle, so each exchange and each transaction runs alone,
 * as on a PostgreSQL backend of its own. It has the shape of pglite-socket's queue, which its handler takes.
 */
class SessionQueue {
  private owner: number | undefined;
  private waiting: { id: number; start(): void; cancel(error: Error): void }[] = [];

  /** Each connection's last message in hand: its next one starts after it. */
  private readonly tails = new Map<number, Promise<unknown>>();

  constructor(private readonly db: PGlite) {}

  /**
   * A connection's messages run one at a time in the order they came. pglite-socket reads each chunk of a socket in
   * a task of its own, so while a long message (a signed PDF in a Bind) is still arriving, the next chunk's messages
   * are handed over beside the earlier ones; one that waited for the session could then run after a later one of
   * the same connection ("portal "" does not exist" when its Execute overtook its Bind).
   */
  enqueue(id: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    const turn = (this.tails.get(id) ?? Promise.resolve()).then(() => this.run(id, message, onData));
    const tail = turn.catch(() => {});
    this.tails.set(id, tail);
    void tail.then(() => {
      if (this.tails.get(id) === tail) this.tails.delete(id);
    });
    return turn;
  }

  private async run(id: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    // Terminate: the client is leaving, PGlite's session is not. It needs no turn and gets no answer.
    if (message[0] === TERMINATE) {
      this.clearQueueForHandler(id);
      await this.release(id);
      return 0;
    }
    if (this.owner === undefined) this.owner = id;
    else if (this.owner !== id) await new Promise<void>((start, cancel) => this.waiting.push({ id, start, cancel }));
    let tail: number[] = [];
    try {
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(message, {
          onRawData: (data) => {
            tail = [...tail, ...data.subarray(-READY_IDLE.length)].slice(-READY_IDLE.length);
            onData(data);
          },
        }),
      );
    } catch (error) {
      await this.release(id);
      throw error;
    }
    if (tail.length === READY_IDLE.length && tail.every((byte, i) => byte === READY_IDLE[i])) this.pass();
    return 0;
  }

  /** A connection went away: what it still had queued is dropped. */
  clearQueueForHandler(id: number): void {
    for (const w of this.waiting.filter((w) => w.id === id)) w.cancel(new Error("Connection closed"));
    this.waiting = this.waiting.filter((w) => w.id !== id);
  }

  /** A connection went away: if it had the session, its open transaction is rolled back before the next gets it. */
  async clearTransactionIfNeeded(id: number): Promise<void> {
    await this.release(id);
  }

  private async release(id: number): Promise<void> {
    if (this.owner !== id) return;
    // After stop() PGlite is closed and has no transaction left to end.
    if (!this.db.closed && this.db.isInTransaction()) await this.db.exec("ROLLBACK").catch(() => {});
    this.pass();
  }

  private pass(): void {
    const next = this.waiting.shift();
    this.owner = next?.id;
    next?.start();
  }
}

/**
 * The embedded PostgreSQL of `npm run dev`, the production-like server and the benches: PGlite served over the
 * PostgreSQL wire protocol by pglite-socket's connection handler, so the app reaches it through the same pg
 * driver as a real server, and `npm run portal:user` can reach the dev database while it runs.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  if (options.directory) await mkdir(options.directory, { recursive: true });
  const db = await PGlite.create(options.directory);
  const queryQueue = new SessionQueue(db) as unknown as PGLiteSocketHandlerOptions["queryQueue"];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    new PGLiteSocketHandler({ queryQueue, closeOnDetach: true }).attach(socket).catch(() => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
