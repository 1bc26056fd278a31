/**
 * Where company exports are kept while they wait to be downloaded: Netlify Blobs. On Netlify the platform
 * configures the store (deployed, and under `netlify dev`'s emulation); anywhere else (the production-like
 * server, a dev server without the emulation, tests) Blobs' own local server stands in, on a directory under
 * the system's temporary directory, started on first use.
 */
import { mkdir } from "node:fs/promises";
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

let local: Promise<{ store: Store; server: BlobsServer }> | undefined;

/**
 * The local store's files: one directory for every process, so an export one process built (or a dev server's
 * fresh function instance) is there for the next to read; exports older than a day are removed as new ones come.
 */
const LOCAL_DIRECTORY = join(tmpdir(), "anchor-line-export-blobs");

async function startLocal() {
  const directory = LOCAL_DIRECTORY;
  await mkdir(directory, { recursive: true });
  const token = randomBytes(16).toString("hex");
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const store = getStore({ name: STORE_NAME, edgeURL: `http://127.0.0.1:${port}`, siteID: "local", token });
  return { store, server };
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

/** Stops this process's local store server (a server's shutdown, a test's end); nothing on Netlify. */
export async function stopLocalExportStore(): Promise<void> {
  const running = local;
  local = undefined;
  if (running) await (await running).server.stop();
}
