import { once } from "node:events";
import net from "node:net";
import type { AddressInfo } from "node:net";

/** A loopback TCP proxy that can play a database that stopped answering. */
export interface TcpGate {
  port: number;
  /** From now on connections are accepted and then ignored (a black hole), and open ones go silent. */
  pause(): void;
  /** New connections reach the target again. */
  resume(): void;
  close(): Promise<void>;
}

/**
 * Forwards loopback connections to `target` until paused. Paused, it accepts the TCP connection and never
 * answers: the failure a refused port cannot show (a hung server, a dropped route, a full firewall queue).
 */
export async function startTcpGate(target: { host: string; port: number }): Promise<TcpGate> {
  let paused = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    if (paused) return;
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    client.on("data", (chunk) => {
      if (!paused) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!paused) client.write(chunk);
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    upstream.on("error", () => client.destroy());
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    port: (server.address() as AddressInfo).port,
    pause: () => (paused = true),
    resume: () => (paused = false),
    close: () =>
      new Promise<void>((done) => {
        for (const s of sockets) s.destroy();
        server.close(() => done());
      }),
  };
}
