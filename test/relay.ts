import { once } from "node:events";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";

/**
 * A loopback WebSocket-to-TCP relay standing in for Neon's proxy, so the production
 * driver (Neon's WebSocket Client) can talk to a plain PostgreSQL server in tests and CI.
 */
export async function startRelay(): Promise<{ port: number; connections(): number; close(): Promise<void> }> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  let connections = 0;
  wss.on("connection", (socket, req) => {
    connections++;
    const address = new URL(req.url ?? "/", "http://relay").searchParams.get("address") ?? "";
    const at = address.lastIndexOf(":");
    const tcp = net.connect(Number(address.slice(at + 1)), address.slice(0, at));
    socket.on("message", (data: Buffer) => tcp.write(data));
    tcp.on("data", (chunk) => socket.send(chunk));
    socket.on("close", () => tcp.destroy());
    socket.on("error", () => tcp.destroy());
    tcp.on("close", () => socket.close());
    tcp.on("error", () => socket.close());
  });
  await once(wss, "listening");
  return {
    port: (wss.address() as AddressInfo).port,
    /** How many WebSocket connections were relayed: proof the Neon driver was in use. */
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
