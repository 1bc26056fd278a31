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
