/**
 * Where company exports are kept while they wait to be downloaded: Netlify Blobs. On Netlify the platform
 * configures the store; anywhere else (the production-like server, `npm run dev`, tests) Blobs' own local
 * server stands in, on a temporary directory, started on first use.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { getStore, type Store } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";

/** The Blobs store the exports live in. */
const STORE_NAME = "company-exports";

/** The exports' store: Netlify's Blobs (deployed, or `netlify dev`'s), or the local one. */
export interface ExportStore {
  store: Store;
  local: boolean;
}

let local: Promise<{ store: Store; server: BlobsServer; directory: string }> | undefined;

async function startLocal() {
  const directory = await mkdtemp(join(tmpdir(), "anchor-line-exports-"));
  const token = randomBytes(16).toString("hex");
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const store = getStore({ name: STORE_NAME, edgeURL: `http://127.0.0.1:${port}`, siteID: "local", token });
  return { store, server, directory };
}

/** The exports' store: Netlify's wherever the platform configured Blobs, else the local one. */
export async function exportStore(): Promise<ExportStore> {
  try {
    return { store: getStore({ name: STORE_NAME, consistency: "strong" }), local: false };
  } catch (error) {
    if (!(error instanceof Error && error.name === "MissingBlobsEnvironmentError")) throw error;
  }
  local ??= startLocal();
  return { store: (await local).store, local: true };
}

/** Stops the local store and removes its files (a server's shutdown, a test's end); nothing on Netlify. */
export async function stopLocalExportStore(): Promise<void> {
  const running = local;
  local = undefined;
  if (!running) return;
  const { server, directory } = await running;
  await server.stop();
  await rm(directory, { recursive: true, force: true });
}
