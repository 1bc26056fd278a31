import { mkdir } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { fromNodeSocket } from "pg-gateway/node";

export interface EmbeddedPostgres {
  /** postgres://postgres@localhost:PORT/postgres (trust: any user, no password). */
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Where PGlite keeps its files; in memory when absent. */
  directory?: string;
  /** 0 (default) picks a free port. */
  port?: number;
}

/**
 * The embedded PostgreSQL of `npm run dev`, the production-like server and the CLI tests: PGlite served over
 * TCP with pg-gateway, so the app reaches it through the same pg driver as a real server.
 *
 * PGlite is a single session, and every TCP connection shares it. @netlify/database-dev's server (used here
 * before) passed each connection's messages straight through, so concurrent requests' transactions
 * interleaved: one request's statements ran inside another's BEGIN, and one failure aborted both. Under the
 * load test that surfaced as hundreds of 5xx. Here connections take turns (`SessionTurns`): a connection keeps
 * the session from its first message until PGlite is idle again outside a transaction, so each transaction and
 * each extended-protocol exchange (Parse…Sync) runs alone, as it would on its own PostgreSQL backend.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  if (options.directory) await mkdir(options.directory, { recursive: true });
  const db = await PGlite.create(options.directory);
  const turns = new SessionTurns();
  const sockets = new Set<Socket>();

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const connection = {};
    socket.on("close", () => {
      sockets.delete(socket);
      void turns.leave(connection, () => rollBackIfOpen(db));
    });
    socket.on("error", () => {}); // a client that vanishes resets the socket; "close" follows
    fromNodeSocket(socket, {
      serverVersion: "17 (PGlite)",
      auth: { method: "trust" },
      async onMessage(data, { isAuthenticated }) {
        // Before authentication pg-gateway handles the startup; Terminate it handles too (closes the socket).
        if (!isAuthenticated || data[0] === TERMINATE) return undefined;
        await turns.take(connection);
        try {
          const reply = await db.execProtocolRaw(data);
          if (endsIdle(reply)) turns.give(connection);
          return reply;
        } catch (error) {
          // PGlite itself failed (not an SQL error, which comes back as a message): free the session.
          await rollBackIfOpen(db);
          turns.give(connection);
          throw error;
        }
      },
    }).catch(() => socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `postgres://postgres@localhost:${port}/postgres`,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

const TERMINATE = 0x58; // 'X'
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I': ReadyForQuery status outside a transaction

/**
 * Whether a backend reply ends with ReadyForQuery 'I': the exchange is over and no transaction is open.
 * 'T' (in a transaction) or 'E' (in a failed one) keep the session with its connection until it ends them.
 */
export function endsIdle(reply: Uint8Array): boolean {
  const view = new DataView(reply.buffer, reply.byteOffset, reply.byteLength);
  let offset = 0;
  let last = -1;
  while (offset + 5 <= reply.byteLength) {
    last = offset;
    offset += 1 + view.getInt32(offset + 1);
  }
  return last >= 0 && reply[last] === READY_FOR_QUERY && reply[last + 5] === IDLE;
}

async function rollBackIfOpen(db: PGlite): Promise<void> {
  if (db.isInTransaction()) await db.exec("ROLLBACK").catch(() => {});
}

/** Which connection has the one PGlite session, and who waits for it, first come first served. */
export class SessionTurns {
  private owner: object | undefined;
  private waiting: { connection: object; start: () => void }[] = [];

  /** Resolves once `connection` has the session (at once if it already does). */
  take(connection: object): Promise<void> {
    if (this.owner === connection) return Promise.resolve();
    if (!this.owner) {
      this.owner = connection;
      return Promise.resolve();
    }
    return new Promise((start) => this.waiting.push({ connection, start }));
  }

  /** `connection` is done with the session: the next in line gets it. */
  give(connection: object): void {
    if (this.owner !== connection) return;
    const next = this.waiting.shift();
    this.owner = next?.connection;
    next?.start();
  }

  /**
   * `connection` is gone: its queued messages are dropped, and if it had the session mid-transaction,
   * `cleanUp` (a rollback) runs before the next connection gets it.
   */
  async leave(connection: object, cleanUp: () => Promise<void>): Promise<void> {
    this.waiting = this.waiting.filter((w) => w.connection !== connection);
    if (this.owner !== connection) return;
    await cleanUp();
    this.give(connection);
  }

  get holder(): object | undefined {
    return this.owner;
  }
}
