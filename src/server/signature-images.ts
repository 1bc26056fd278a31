/**
 * Gmail/Outlook signature images: PNGs of the composed card, stored under the SHA-256 of
 * their bytes and served publicly, so the URL in a pasted signature never changes and can be cached forever.
 */
import { createHash } from "node:crypto";
import { SIGNATURE_CANVAS, SIGNATURE_IMAGE } from "~/schemas/signature";
import { apiPath, SIGNATURE_IMAGE_FILE_PATH } from "~/lib/api-routes";
import type { Queryable } from "./db";
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

/** Stores a checked PNG (once per content) and returns its hash. */
export async function storeSignatureImage(db: Queryable, png: Buffer, staffId: string): Promise<string> {
  assertSignaturePng(png);
  const sha256 = createHash("sha256").update(png).digest("hex");
  // bytea goes in and out as base64 text: the same on the pg, Neon and PGlite drivers.
  await db.query(
    "INSERT INTO signature_images (sha256, png, created_by) VALUES ($1, decode($2, 'base64'), $3) ON CONFLICT (sha256) DO NOTHING",
    [sha256, png.toString("base64"), staffId],
  );
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
