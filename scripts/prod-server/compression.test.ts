import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compress, isCompressible, pickEncoding } from "./compression";

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
