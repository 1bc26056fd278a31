/**
 * The company export as a job, so a company of any size gets its whole ZIP (200 MB is the design target): an
 * administrator asks for one, it is built apart from their request (on Netlify by a background function,
 * which may run 15 minutes; elsewhere in the same process after the response) into the exports' Blobs store in
 * parts of `EXPORT_PART_BYTES`, and the admin's screen polls its state and then downloads the parts, each a
 * response far under a function's 6 MB limit.
 */
import { randomUUID } from "node:crypto";
import type { Store } from "@netlify/blobs";
import type { CompanyExport } from "~/schemas/company-export";
import { openDb, type Db } from "~/server/db";
import { writeExport } from "./queries";
import { exportStore } from "./store";

/** One downloaded piece of an export: under 6 MB even base64-encoded, as a function's response may be. */
export const EXPORT_PART_BYTES = 3 * 1024 * 1024;
/** An export is kept this long for its download, then removed when the next one is asked for. */
export const EXPORT_KEEP_MS = 24 * 60 * 60 * 1000;
/** A build that has written nothing for this long has stopped (its function ended): it is reported failed. */
export const EXPORT_STALL_MS = 5 * 60 * 1000;
/** The background function that builds an export on Netlify (netlify/functions/<name>.ts). */
export const EXPORT_BACKGROUND_FUNCTION = "export-company-background";

const statusKey = (id: string) => `${id}/status`;
const partKey = (id: string, part: number) => `${id}/part-${String(part).padStart(5, "0")}`;

/** An export's state as stored, or undefined; a build that stopped moving reads as failed. */
export async function readExport(store: Store, id: string, now = Date.now()): Promise<CompanyExport | undefined> {
  const status = (await store.get(statusKey(id), { type: "json" })) as CompanyExport | null;
  if (!status) return undefined;
  const moving = status.state === "pending" || status.state === "running";
  if (moving && now - Date.parse(status.updatedAt) > EXPORT_STALL_MS)
    return { ...status, state: "failed", error: "The export stopped before it was finished. Ask for it again." };
  return status;
}

/** One part of a ready export, or null when there is no such export or part (or it is not ready). */
export async function readPart(store: Store, id: string, part: number): Promise<ArrayBuffer | null> {
  const status = await readExport(store, id);
  if (status?.state !== "ready" || part < 1 || part > status.parts) return null;
  return store.get(partKey(id, part), { type: "arrayBuffer" });
}

/** Removes exports asked for longer ago than `EXPORT_KEEP_MS`: their parts and their state. */
async function removeOldExports(store: Store, now: number): Promise<void> {
  const { blobs } = await store.list();
  const old = new Set<string>();
  for (const { key } of blobs.filter((b) => b.key.endsWith("/status"))) {
    const status = (await store.get(key, { type: "json" })) as CompanyExport | null;
    if (status && now - Date.parse(status.createdAt) > EXPORT_KEEP_MS) old.add(status.id);
  }
  for (const { key } of blobs) if (old.has(key.split("/")[0]!)) await store.delete(key);
}

/** Records a new export as asked for by `requestedBy` (not yet built); older exports past their keep go. */
export async function createExport(store: Store, requestedBy: string, now = new Date()): Promise<CompanyExport> {
  await removeOldExports(store, now.getTime());
  const status: CompanyExport = {
    id: randomUUID(),
    state: "pending",
    requestedBy,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    fileName: `anchor-line-export-${now.toISOString().slice(0, 10)}.zip`,
    bytes: 0,
    parts: 0,
    error: null,
  };
  await store.setJSON(statusKey(status.id), status);
  return status;
}

/**
 * Builds export `id` into the store, part by part, and marks it ready (or failed, with the reason logged). Only
 * a pending export is built: the claim is a conditional write, so two runs of one job cannot both build it.
 */
export async function buildExport(db: Db, store: Store, id: string): Promise<void> {
  const found = await store.getWithMetadata(statusKey(id), { type: "json" });
  const status = found?.data as CompanyExport | undefined;
  if (!found || status?.state !== "pending") return;
  let current: CompanyExport = { ...status, state: "running", updatedAt: new Date().toISOString() };
  const claimed = await store.setJSON(statusKey(id), current, { onlyIfMatch: found.etag });
  if (!claimed.modified) return;
  const update = async (change: Partial<CompanyExport>) => {
    current = { ...current, ...change, updatedAt: new Date().toISOString() };
    await store.setJSON(statusKey(id), current);
  };
  try {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let parts = 0;
    let bytes = 0;
    const writePart = async (part: Buffer) => {
      parts += 1;
      bytes += part.byteLength;
      await store.set(partKey(id, parts), new Uint8Array(part).buffer);
      await update({ parts, bytes });
    };
    await writeExport(db, status.requestedBy, new Date(status.createdAt), async (chunk) => {
      pending.push(Buffer.from(chunk));
      pendingBytes += chunk.byteLength;
      while (pendingBytes >= EXPORT_PART_BYTES) {
        const joined = Buffer.concat(pending);
        await writePart(joined.subarray(0, EXPORT_PART_BYTES));
        pending = [joined.subarray(EXPORT_PART_BYTES)];
        pendingBytes = pending[0]!.byteLength;
      }
    });
    if (pendingBytes > 0 || parts === 0) await writePart(Buffer.concat(pending));
    await update({ state: "ready" });
  } catch (error) {
    console.error(`company export ${id} failed`, error);
    await update({ state: "failed", error: "The export could not be built. Ask for it again." });
  }
}

/**
 * Starts building export `id` apart from the request that asked for it: on a Netlify deploy (`deployed`) by
 * calling the background function at `origin` (the site's); elsewhere, or if that call fails, `runHere` is given
 * the build (the app runs it after the response, in the same process, kept alive by waitUntil where there is
 * one). A build that then stops is reported failed by its state, never left waiting.
 */
export async function startBuild(
  id: string,
  {
    origin,
    deployed,
    runHere,
  }: { origin: string; deployed: boolean; runHere: (build: (db: Db) => Promise<void>) => void },
): Promise<void> {
  const { store } = await exportStore();
  if (deployed) {
    const called = await fetch(new URL(`/.netlify/functions/${EXPORT_BACKGROUND_FUNCTION}`, origin), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id }),
    }).catch((error: unknown) => error);
    // A background function answers 202 at once; anything else means it will not build this export.
    if (called instanceof Response && called.status === 202) return;
    console.error("The export's background function could not be started; building in this function", called);
  }
  runHere((db) => buildExport(db, store, id));
}

/** The background function's work: builds export `id` on the environment's database. */
export async function runExportJob(id: string): Promise<void> {
  const db = await openDb();
  try {
    await buildExport(db, (await exportStore()).store, id);
  } finally {
    await db.close();
  }
}
