import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  netlifyPattern,
  parseHeadersFile,
  parseRedirectsFile,
  pickEncoding,
  serveDist,
  type RunningServer,
} from "../serve-dist";

describe("helpers", () => {
  it.each([
    ["br, gzip", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["identity", undefined],
    [undefined, undefined],
  ])("pickEncoding(%s) -> %s", (accept, expected) => expect(pickEncoding(accept)).toBe(expected));

  it("matches Netlify path patterns", () => {
    expect(netlifyPattern("/_astro/*").test("/_astro/a.js")).toBe(true);
    expect(netlifyPattern("/blog/:slug").test("/blog/x")).toBe(true);
    expect(netlifyPattern("/blog/:slug").test("/blog/x/y")).toBe(false);
  });

  it("parses _headers and _redirects", () => {
    const [rule] = parseHeadersFile("/fonts/*\n  Cache-Control: max-age=60\n  X-Test: 1\n");
    expect(rule!.headers).toEqual({ "cache-control": "max-age=60", "x-test": "1" });
    expect(
      parseRedirectsFile("# c\n/old /new 301\n/api/* /.netlify/functions/:splat 200\n").map((r) => r.status),
    ).toEqual([301, 200]);
  });
});

describe("serveDist", () => {
  let server: RunningServer;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "serve-dist-"));
    mkdirSync(join(dir, "about"));
    mkdirSync(join(dir, "_astro"));
    writeFileSync(join(dir, "index.html"), `<h1>home</h1>${"x".repeat(2000)}`);
    writeFileSync(join(dir, "about/index.html"), "<h1>about</h1>");
    writeFileSync(join(dir, "legal.html"), "<h1>legal</h1>");
    writeFileSync(join(dir, "404.html"), "<title>404 Page Not Found</title>");
    writeFileSync(join(dir, "_astro/app.abc.js"), "console.log(1)".repeat(100));
    writeFileSync(join(dir, "_redirects"), "/old /about 301\n");
    server = await serveDist({ dir });
  });
  afterAll(() => server.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(server.url + path, { headers, redirect: "manual" });

  it.each([
    ["/", "home"],
    ["/about", "about"],
    ["/about/", "about"],
    ["/legal", "legal"],
  ])("serves %s with pretty URLs", async (path, text) => {
    const r = await get(path);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await r.text()).toContain(text);
  });

  it("answers unknown paths with 404.html and status 404", async () => {
    const r = await get("/nope/deeper");
    expect(r.status).toBe(404);
    expect(await r.text()).toContain("404 Page Not Found");
  });

  it("refuses to leave the build directory", async () => {
    expect((await get("/../../etc/passwd")).status).toBe(404);
    expect((await get("/%2e%2e/%2e%2e/etc/passwd")).status).toBe(404);
  });

  it("compresses text with brotli or gzip and caches hashed assets for a year", async () => {
    const br = await get("/_astro/app.abc.js", { "accept-encoding": "br, gzip" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await br.text()).toBe("console.log(1)".repeat(100));
    const gz = await get("/", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  });

  it("follows _redirects and answers 304 to a matching ETag", async () => {
    const r = await get("/old");
    expect(r.status).toBe(301);
    expect(r.headers.get("location")).toBe("/about");
    const first = await get("/about");
    expect((await get("/about", { "if-none-match": first.headers.get("etag")! })).status).toBe(304);
  });
});
