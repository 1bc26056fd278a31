/**
 * Gmail/Outlook signature images: PNGs of the composed card, stored under the SHA-256 of
 * their bytes and served publicly, so the URL in a pasted signature never changes and can be cached forever.
 */
import { createHash } from "node:crypto";
import { SIGNATURE_CANVAS, SIGNATURE_IMAGE } from "~/schemas/signature";
import { apiPath, SIGNATURE_IMAGE_FILE_PATH } from "~/lib/api-routes";
import type { Db, Queryable } from "./db";
import { assertImageRoom } from "./quotas";
import { CLEANUP_BATCH, inBatches } from "./retention";
import { HttpError } from "./http";

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The only size accepted: the 644 x 259 card at the capture scale (2x). */
export const SIGNATURE_IMAGE_SIZE = {
  width: SIGNATURE_CANVAS.width * SIGNATURE_CANVAS.captureScale,
  height: SIGNATURE_CANVAS.height * SIGNATURE_CANVAS.captureScale,
} as const;

/**
 * Checks that `bytes` is a PNG of the card's capture size (its signature and IHDR chunk), so the
 * table holds signature cards and nothing a browser could sniff as something else.
 */
function assertSignaturePng(bytes: Buffer): void {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_MAGIC) || bytes.toString("latin1", 12, 16) !== "IHDR") {
    throw new HttpError(400, "The body is not a PNG image: send the card rendered as image/png");
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width !== SIGNATURE_IMAGE_SIZE.width || height !== SIGNATURE_IMAGE_SIZE.height) {
    throw new HttpError(
      400,
      `The image is ${width} x ${height}; a signature card is ${SIGNATURE_IMAGE_SIZE.width} x ${SIGNATURE_IMAGE_SIZE.height}`,
    );
  }
}

/** Where a stored image is served, relative to the site. */
export const signatureImagePath = (sha256: string) => apiPath(SIGNATURE_IMAGE_FILE_PATH, { file: `${sha256}.png` });

/** A stored image's response headers: immutable, because its URL names its content. */
export function signatureImageHeaders(sha256: string, length: number): Record<string, string> {
  return {
    "Content-Type": "image/png",
    "Content-Length": String(length),
    "Cache-Control": SIGNATURE_IMAGE.cacheControl,
    ETag: `"${sha256}"`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
  };
}

/**
 * Stores a checked PNG (once per content) and returns its hash; 409 when a new image would pass the
 * account's stored-images quota. Exporting an image again marks it as exported now, which keeps it from the
 * image collection for another two years.
 */
export async function storeSignatureImage(db: Db, png: Buffer, staffId: string): Promise<string> {
  assertSignaturePng(png);
  const sha256 = createHash("sha256").update(png).digest("hex");
  await db.transaction(async (tx) => {
    const [known] = await tx.query(
      "UPDATE signature_images SET last_exported_at = now() WHERE sha256 = $1 RETURNING 1",
      [sha256],
    );
    if (known) return;
    await assertImageRoom(tx, staffId, png.byteLength);
    // bytea goes in and out as base64 text: the same on the pg, Neon and PGlite drivers.
    await tx.query(
      "INSERT INTO signature_images (sha256, png, created_by) VALUES ($1, decode($2, 'base64'), $3) ON CONFLICT (sha256) DO NOTHING",
      [sha256, png.toString("base64"), staffId],
    );
  });
  return sha256;
}

/** The stored PNG with this hash, or null. */
export async function readSignatureImage(db: Queryable, sha256: string): Promise<Buffer | null> {
  const [row] = await db.query<{ png: string }>(
    "SELECT encode(png, 'base64') AS png FROM signature_images WHERE sha256 = $1",
    [sha256],
  );
  return row ? Buffer.from(row.png, "base64") : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long an image no template names is kept: two years after its last export, and at least 30 days. */
export const IMAGE_KEEP = { afterExportDays: 2 * 365, unusedDays: 30 } as const;

/**
 * Deletes stored images nothing needs any more, in batches: an image stays while any signature or proposal
 * template names it, and for two years after it was last exported (mail already sent points at it); others
 * go once they are 30 days old. `now` is the job's clock, a parameter so tests can move it.
 */
export async function collectImages(db: Queryable, now: Date = new Date()): Promise<number> {
  const unused = new Date(now.getTime() - IMAGE_KEEP.unusedDays * DAY_MS);
  const exported = new Date(now.getTime() - IMAGE_KEEP.afterExportDays * DAY_MS);
  return inBatches(
    db,
    `DELETE FROM signature_images WHERE sha256 IN (
       SELECT i.sha256 FROM signature_images i
       WHERE i.created_at < $1 AND i.last_exported_at < $2
         AND NOT EXISTS (SELECT 1 FROM signature_templates t
           WHERE strpos(t.logo_url, i.sha256) > 0 OR strpos(t.html_content, i.sha256) > 0)
         AND NOT EXISTS (SELECT 1 FROM proposal_templates p WHERE strpos(p.template_content, i.sha256) > 0)
       LIMIT ${CLEANUP_BATCH}) RETURNING 1`,
    [unused, exported],
  );
}
