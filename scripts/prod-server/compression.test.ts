import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compress, compressionCache, etagOf, isCompressible, pickEncoding } from "./compression";

describe("pickEncoding", () => {
  it.each([
    ["br, gzip", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["identity", undefined],
    [undefined, undefined],
  ])("%s -> %s", (accept, expected) => expect(pickEncoding(accept)).toBe(expected));
});

describe("isCompressible", () => {
  it.each([
    ["text/html; charset=utf-8", true],
    ["application/json", true],
    ["image/svg+xml", true],
    ["image/avif", false],
    ["font/woff2", false],
    [null, false],
  ])("%s: %s", (type, expected) => expect(isCompressible(type)).toBe(expected));
});

describe("compress", () => {
  const body = new TextEncoder().encode("<p>hello</p>".repeat(100));
  it("round-trips brotli and gzip, and shrinks text", () => {
    const br = compress(body, "br");
    const gz = compress(body, "gzip");
    expect(br.byteLength).toBeLessThan(body.byteLength / 4);
    expect(new Uint8Array(brotliDecompressSync(br))).toEqual(body);
    expect(new Uint8Array(gunzipSync(gz))).toEqual(body);
  });
});

describe("compressionCache", () => {
  const page = new TextEncoder().encode("<p>page</p>".repeat(200));
  const script = new TextEncoder().encode("console.log(1);".repeat(200));

  it("compresses a content once per encoding", () => {
    const copies = compressionCache();
    const first = copies(page, "br");
    expect(copies(new Uint8Array(page), "br")).toBe(first);
    expect(copies(page, "gzip")).not.toBe(first);
    expect(new Uint8Array(gunzipSync(copies(page, "gzip")))).toEqual(page);
  });

  it("drops the oldest copies beyond its byte budget", () => {
    const copies = compressionCache(compress(page, "br").byteLength);
    const first = copies(page, "br");
    copies(script, "br");
    expect(copies(page, "br")).not.toBe(first);
  });

  it("keys by content: the same bytes, the same ETag", () => {
    expect(etagOf(page)).toBe(etagOf(new Uint8Array(page)));
    expect(etagOf(page)).not.toBe(etagOf(script));
    expect(etagOf(page)).toMatch(/^"[\w-]+"$/);
  });
});
