/**
 * Stored images: the Gmail/Outlook export's PNG cards and the logos of signature templates, each stored once
 * under the SHA-256 of its bytes and served publicly, so a URL that names an image never changes and can be
 * cached forever. Both kinds count toward the account's stored-images quota and hourly uploads.
 */
import { createHash } from "node:crypto";
import { SIGNATURE_CANVAS, SIGNATURE_IMAGE } from "~/schemas/signature";
import { TEXT_LIMITS } from "~/schemas/limits";
import { admit, retryAfter, type Limit } from "~/server/rate-limit";
import { IMAGE_UPLOAD_WINDOW_SECONDS } from "~/server/config";
import type { Db, Queryable } from "~/server/db";
import { accountQuotas, assertStorageRoom } from "~/server/quotas";
import { CLEANUP_BATCH, inBatches } from "~/server/retention";
import { HttpError } from "~/server/http";

/** The image types stored, each with the extension its URL ends in and a test of its leading bytes. */
const IMAGE_TYPES = [
  { type: "image/png", ext: "png", is: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex")) },
  { type: "image/jpeg", ext: "jpg", is: (b: Buffer) => b.subarray(0, 3).equals(Buffer.from("ffd8ff", "hex")) },
  { type: "image/gif", ext: "gif", is: (b: Buffer) => /^GIF8[79]a/.test(b.toString("latin1", 0, 6)) },
  {
    type: "image/webp",
    ext: "webp",
    is: (b: Buffer) => b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP",
  },
] as const;
export type ImageType = (typeof IMAGE_TYPES)[number]["type"];

/** The type `bytes` start like, or undefined: the table holds nothing a browser could sniff as a page. */
const imageTypeOf = (bytes: Buffer): ImageType | undefined => IMAGE_TYPES.find((t) => t.is(bytes))?.type;
const extensionOf = (type: string) => IMAGE_TYPES.find((t) => t.type === type)?.ext ?? "png";

/** The only size of card accepted: the 644 x 259 card at the capture scale (2x). */
export const SIGNATURE_IMAGE_SIZE = {
  width: SIGNATURE_CANVAS.width * SIGNATURE_CANVAS.captureScale,
  height: SIGNATURE_CANVAS.height * SIGNATURE_CANVAS.captureScale,
} as const;

/** A logo's largest image: what the longest logoUrl the API takes (a base64 data URL) can carry. */
export const LOGO_IMAGE_MAX_BYTES = Math.floor((TEXT_LIMITS.logoUrl * 3) / 4);

/** A proposal image's largest size: what the longest template content the API takes can carry. */
export const PROPOSAL_IMAGE_MAX_BYTES = Math.floor((TEXT_LIMITS.templateContent * 3) / 4);

/** Checks that `bytes` is a PNG of the card's capture size (its signature and IHDR chunk). */
function assertSignaturePng(bytes: Buffer): void {
  if (bytes.length < 33 || imageTypeOf(bytes) !== "image/png" || bytes.toString("latin1", 12, 16) !== "IHDR") {
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

/**
 * Where a stored image is served, relative to the site: what a template's logoUrl and HTML name, so the portal
 * loads it from whichever origin serves it (the CSP's img-src 'self'); `SAFE_IMAGE_URL` accepts these paths.
 */
export const signatureImagePath = (sha256: string, type: string = "image/png") =>
  `/api/signature-images/${sha256}.${extensionOf(type)}`;

/** The hash and type a served file name asks for (`<sha256>.<ext>`), or undefined. */
export function parseImageFile(file: string): { sha256: string; type: ImageType } | undefined {
  const match = /^([0-9a-f]{64})\.(\w+)$/.exec(file);
  const type = IMAGE_TYPES.find((t) => t.ext === match?.[2])?.type;
  return match && type ? { sha256: match[1]!, type } : undefined;
}

/** A stored image's response headers: immutable, because its URL names its content. */
export function signatureImageHeaders(sha256: string, type: string, length: number): Record<string, string> {
  return {
    "Content-Type": type,
    "Content-Length": String(length),
    "Cache-Control": SIGNATURE_IMAGE.cacheControl,
    ETag: `"${sha256}"`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
  };
}

/** An account's image uploads, counted per hour. */
const uploadLimit = (staffId: string): Limit => ({
  bucket: "image-upload",
  key: staffId,
  max: accountQuotas().imageUploadsPerHour,
  windowSeconds: IMAGE_UPLOAD_WINDOW_SECONDS,
});

/** Counts one image upload of the account; 429 with Retry-After past the hourly limit. */
export async function admitImageUpload(db: Queryable, staffId: string): Promise<void> {
  const limit = uploadLimit(staffId);
  if (await admit(db, limit)) return;
  const wait = await retryAfter(db, limit);
  const max = accountQuotas().imageUploadsPerHour;
  throw new HttpError(429, `Too many image uploads: at most ${max} an hour. Try again in ${wait} s.`, {
    headers: { "Retry-After": String(wait) },
  });
}

/**
 * Stores `bytes` unless an image with its hash is stored already (409 past the account's quota) and returns
 * the stored row's hash and type. Only a new image is charged to the account.
 */
async function insertImage(
  tx: Queryable,
  bytes: Buffer,
  type: ImageType,
  staffId: string,
  { exported }: { exported: boolean },
): Promise<{ sha256: string; type: string; isNew: boolean }> {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const [known] = await tx.query<{ type: string }>(
    `UPDATE signature_images SET last_exported_at = CASE WHEN $2 THEN now() ELSE last_exported_at END
     WHERE sha256 = $1 RETURNING content_type AS type`,
    [sha256, exported],
  );
  if (known) return { sha256, type: known.type, isNew: false };
  await assertStorageRoom(tx, staffId, bytes.byteLength);
  // bytea goes in and out as base64 text: the same on the pg, Neon and PGlite drivers.
  await tx.query(
    `INSERT INTO signature_images (sha256, bytes, content_type, created_by, last_exported_at)
     VALUES ($1, decode($2, 'base64'), $3, $4, CASE WHEN $5 THEN now() END) ON CONFLICT (sha256) DO NOTHING`,
    [sha256, bytes.toString("base64"), type, staffId, exported],
  );
  return { sha256, type, isNew: true };
}

/**
 * Stores a checked card PNG (once per content) and returns its hash. Exporting an image again marks it as
 * exported now, which keeps it from the image collection for another two years.
 */
export async function storeSignatureImage(db: Db, png: Buffer, staffId: string): Promise<string> {
  assertSignaturePng(png);
  return db.transaction(async (tx) => (await insertImage(tx, png, "image/png", staffId, { exported: true })).sha256);
}

/** An inline raster image in a template's logoUrl or HTML: its type and its base64 bytes. */
const INLINE_IMAGE = /data:image\/(?:png|jpeg|webp|gif);base64,([A-Za-z0-9+/]+={0,2})/gi;

/**
 * Stores each inline image of `dataUrls` (in the caller's transaction) and returns the path that replaces each
 * data URL. Each image stored anew is one upload of the account (429 past the hourly limit) and counts toward
 * its quota (409); 413 above `maxBytes`; bytes that are no PNG, JPEG, WebP or GIF are a 400, or with
 * `keepUnknown` left where they are (and get no path).
 */
async function storeDataUrls(
  tx: Queryable,
  dataUrls: Iterable<[dataUrl: string, base64: string]>,
  staffId: string,
  { what, maxBytes, keepUnknown = false }: { what: string; maxBytes: number; keepUnknown?: boolean },
): Promise<Map<string, string>> {
  const paths = new Map<string, string>();
  for (const [dataUrl, base64] of dataUrls) {
    if (paths.has(dataUrl)) continue;
    const bytes = Buffer.from(base64.replace(/\s/g, ""), "base64");
    const type = imageTypeOf(bytes);
    if (!type && keepUnknown) continue;
    if (!type) throw new HttpError(400, `${what} is not a PNG, JPEG, WebP or GIF image`);
    if (bytes.byteLength > maxBytes)
      throw new HttpError(413, `${what} is larger than ${Math.round(maxBytes / 1000)} KB`);
    const stored = await insertImage(tx, bytes, type, staffId, { exported: false });
    if (stored.isNew) await admitImageUpload(tx, staffId);
    paths.set(dataUrl, signatureImagePath(stored.sha256, stored.type));
  }
  return paths;
}

/**
 * A template's logoUrl and HTML with every inline image stored (in the caller's transaction) and replaced by
 * its path: a logo is stored once however many templates carry it (see `storeDataUrls` for what is refused).
 */
export async function storeInlineImages<T extends { logoUrl?: string | null; htmlContent?: string | null }>(
  tx: Queryable,
  template: T,
  staffId: string,
): Promise<T> {
  const found: [string, string][] = [];
  const logo = template.logoUrl?.trim().match(/^data:image\/[a-z]+;base64,([\s\S]*)$/i);
  if (logo) found.push([template.logoUrl!, logo[1]!]);
  for (const [dataUrl, base64] of template.htmlContent?.matchAll(INLINE_IMAGE) ?? []) found.push([dataUrl, base64!]);
  if (found.length === 0) return template;
  const paths = await storeDataUrls(tx, found, staffId, { what: "A logo image", maxBytes: LOGO_IMAGE_MAX_BYTES });
  return {
    ...template,
    logoUrl: (template.logoUrl && paths.get(template.logoUrl)) ?? template.logoUrl,
    htmlContent: template.htmlContent?.replace(INLINE_IMAGE, (dataUrl) => paths.get(dataUrl)!),
  };
}

/**
 * A proposal template's content (the editor's JSON document, or any text) with every inline image (an uploaded
 * logo, an image pasted into the body) stored by its hash and replaced by its path, like a signature logo: the
 * image counts once toward the account's quota however many versions name it, and a version stays small.
 * Bytes that are no image the store takes stay inline, where they count as the document's text.
 */
export async function storeProposalImages(tx: Queryable, content: string, staffId: string): Promise<string> {
  const found = [...content.matchAll(INLINE_IMAGE)].map(([dataUrl, base64]): [string, string] => [dataUrl, base64!]);
  if (found.length === 0) return content;
  const paths = await storeDataUrls(tx, found, staffId, {
    what: "An image in the proposal",
    maxBytes: PROPOSAL_IMAGE_MAX_BYTES,
    keepUnknown: true,
  });
  return content.replace(INLINE_IMAGE, (dataUrl) => paths.get(dataUrl) ?? dataUrl);
}

/** The stored image with this hash and its type, or null. */
export async function readSignatureImage(
  db: Queryable,
  sha256: string,
): Promise<{ bytes: Buffer; type: string } | null> {
  const [row] = await db.query<{ bytes: string; type: string }>(
    "SELECT encode(bytes, 'base64') AS bytes, content_type AS type FROM signature_images WHERE sha256 = $1",
    [sha256],
  );
  return row ? { bytes: Buffer.from(row.bytes, "base64"), type: row.type } : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long an image no template names is kept: two years after its last export, and at least 30 days. */
export const IMAGE_KEEP = { afterExportDays: 2 * 365, unusedDays: 30 } as const;

/**
 * Deletes stored images nothing needs any more, in batches: an image stays while any signature template or
 * proposal template (a kept version included) names it, and for two years after it was last exported (mail
 * already sent points at it); others, logos never exported among them, go once they are 30 days old. `now` is
 * the job's clock, a parameter so tests can move it.
 */
export async function collectImages(db: Queryable, now: Date = new Date()): Promise<number> {
  const unused = new Date(now.getTime() - IMAGE_KEEP.unusedDays * DAY_MS);
  const exported = new Date(now.getTime() - IMAGE_KEEP.afterExportDays * DAY_MS);
  return inBatches(
    db,
    `DELETE FROM signature_images WHERE sha256 IN (
       SELECT i.sha256 FROM signature_images i
       WHERE i.created_at < $1 AND (i.last_exported_at IS NULL OR i.last_exported_at < $2)
         AND NOT EXISTS (SELECT 1 FROM signature_templates t
           WHERE strpos(t.logo_url, i.sha256) > 0 OR strpos(t.html_content, i.sha256) > 0)
         AND NOT EXISTS (SELECT 1 FROM proposal_templates p WHERE strpos(p.template_content, i.sha256) > 0)
         AND NOT EXISTS (SELECT 1 FROM proposal_template_versions v WHERE strpos(v.template_content, i.sha256) > 0)
       LIMIT ${CLEANUP_BATCH}) RETURNING 1`,
    [unused, exported],
  );
}

/** Up to `limit` stored images after the hash `after` (in hash order), with file names and bytes: the export's pages. */
export async function imagesAfter(
  db: Queryable,
  after: string,
  limit: number,
): Promise<{ sha256: string; file: string; bytes: Buffer }[]> {
  const rows = await db.query<{ sha256: string; type: string; bytes: string }>(
    `SELECT sha256, content_type AS type, encode(bytes, 'base64') AS bytes FROM signature_images
     WHERE sha256 > $1 ORDER BY sha256 LIMIT $2`,
    [after, limit],
  );
  return rows.map((r) => ({
    sha256: r.sha256,
    file: `${r.sha256}.${extensionOf(r.type)}`,
    bytes: Buffer.from(r.bytes, "base64"),
  }));
}
