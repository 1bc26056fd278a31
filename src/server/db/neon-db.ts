import { Client, neonConfig } from "@neondatabase/serverless";
import ws from "ws";
import { clientConfig, clientDb, dedicatedConnection, type ConnectOptions } from "./client-db";
import type { Db } from "./types";

// The ws package is the WebSocket the tests exercise, so production uses it too.
neonConfig.webSocketConstructor = ws;

/**
 * Production driver: Neon's WebSocket `Client`, one connection per request. Many function instances at once
 * mean many connections, so production uses Neon's pooled endpoint (README, Deploy).
 */
export function neonDb(connectionString: string, options: ConnectOptions = {}): Db {
  return clientDb(dedicatedConnection(() => new Client(clientConfig(connectionString, options))));
}
