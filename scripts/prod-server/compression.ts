import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Types Netlify's CDN compresses on the fly (text); images and fonts go out as they are. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|manifest\+json)|image\/svg\+xml)/;

export type Encoding = "br" | "gzip";

/** The encoding to answer with for an Accept-Encoding header: brotli first, as Netlify does. */
export function pickEncoding(acceptEncoding: string | null | undefined): Encoding | undefined {
  const accepted = new Map(
    (acceptEncoding ?? "").split(",").map((part) => {
      const [name = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return [name, q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  if ((accepted.get("br") ?? 0) > 0) return "br";
  if ((accepted.get("gzip") ?? 0) > 0) return "gzip";
  return undefined;
}

/** Whether a response of this Content-Type is worth compressing. */
export function isCompressible(contentType: string | null | undefined): boolean {
  return COMPRESSIBLE.test(contentType ?? "");
}

/** Compresses a body; brotli at quality 11 like a CDN's cached static assets. */
export function compress(body: Uint8Array, encoding: Encoding): Buffer {
  if (encoding === "br") {
    return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  }
  return gzipSync(body, { level: 9 });
}

/** A strong ETag for a body: its content hash, quoted. */
export function etagOf(body: Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/**
 * Compressed copies of static files, keyed by content: a CDN compresses a file once and serves the copy,
 * while brotli 11 per request takes seconds for the editor's 380 KB chunk on this machine. Oldest copies
 * go first once `maxBytes` of compressed output are held.
 */
export function compressionCache(maxBytes = 64 * 1024 * 1024) {
  const entries = new Map<string, Buffer>();
  let held = 0;
  return (body: Uint8Array, encoding: Encoding, etag = etagOf(body)): Buffer => {
    const key = `${encoding}:${etag}`;
    const hit = entries.get(key);
    if (hit) return hit;
    const compressed = compress(body, encoding);
    entries.set(key, compressed);
    held += compressed.byteLength;
    for (const [oldest, value] of entries) {
      if (held <= maxBytes || oldest === key) break;
      entries.delete(oldest);
      held -= value.byteLength;
    }
    return compressed;
  };
}
