import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { connect, type IncomingHttpHeaders } from "node:http2";
import { get as httpsGet } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRAMEWORK_CONFIG } from "./deploy-paths";
import { startProductionServer, type RunningServer } from "./production-server";

const CSP = "default-src 'self'";

/** A project shaped like ours: netlify.toml, a publish dir with a 404 page and redirects, the adapter's rules. */
function fixtureProject(): string {
  const root = mkdtempSync(join(tmpdir(), "prod-server-"));
  writeFileSync(
    join(root, "netlify.toml"),
    [
      '[build]\n  publish = "dist"',
      '[[headers]]\n  for = "/*"\n  [headers.values]\n    X-Content-Type-Options = "nosniff"',
      '[[headers]]\n  for = "/_astro/*"\n  [headers.values]\n    Cache-Control = "public, max-age=31536000, immutable"',
    ].join("\n"),
  );
  mkdirSync(join(root, "dist/about"), { recursive: true });
  mkdirSync(join(root, "dist/_astro"), { recursive: true });
  writeFileSync(join(root, "dist/about/index.html"), `<!doctype html><title>About</title>${"<p>text</p>".repeat(200)}`);
  writeFileSync(join(root, "dist/legal.html"), "<!doctype html><title>Legal</title>");
  writeFileSync(join(root, "dist/_astro/app.abc.js"), "console.log(1);".repeat(100));
  writeFileSync(join(root, "dist/404.html"), "<!doctype html><title>Not found</title>");
  writeFileSync(join(root, "dist/_redirects"), "/old    /about    301\n");
  mkdirSync(join(root, ".netlify/v1"), { recursive: true });
  writeFileSync(
    join(root, FRAMEWORK_CONFIG),
    JSON.stringify({ headers: [{ for: "/*", values: { "Content-Security-Policy": CSP } }] }),
  );
  return root;
}

describe("the production-like server", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startProductionServer({
      projectRoot: fixtureProject(),
      database: () => Promise.reject(new Error("no database in this test")),
    });
  });
  afterAll(() => server?.close());

  it("serves a page with netlify.toml's headers and the adapter's, compressed", async () => {
    const response = await fetch(`${server.url}/about`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe(CSP);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(await response.text()).toContain("<title>About</title>");
  });

  it("sends Brotli to browsers that accept it, as Netlify's CDN does, with a weak ETag", async () => {
    const response = await fetch(`${server.url}/about`, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(response.headers.get("etag")).toMatch(/^W\//);
    expect(await response.text()).toContain("<title>About</title>");
  });

  it.each(["/nowhere", "/about/nowhere/", "/_astro/missing.js"])(
    "answers the unknown path %s with 404.html, status 404 and the site's headers",
    async (path) => {
      const response = await fetch(server.url + path);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-security-policy")).toBe(CSP);
      expect(await response.text()).toContain("Not found");
    },
  );

  it.each([
    ["/about", "About"],
    ["/about/", "About"],
    ["/legal", "Legal"],
  ])("serves %s with Netlify's pretty URLs", async (path, title) => {
    const response = await fetch(server.url + path);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`<title>${title}</title>`);
  });

  it.each(["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc/passwd"])(
    "does not leave the publish directory: %s",
    async (path) => {
      expect((await fetch(server.url + path)).status).toBe(404);
    },
  );

  it("keeps netlify.toml's cache rule for hashed assets", async () => {
    const response = await fetch(`${server.url}/_astro/app.abc.js`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe("console.log(1);".repeat(100));
  });

  it("answers 304 to a file's ETag", async () => {
    const first = await fetch(`${server.url}/about`);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect((await fetch(`${server.url}/about`, { headers: { "if-none-match": etag! } })).status).toBe(304);
  });

  it("follows the build's redirects", async () => {
    const response = await fetch(`${server.url}/old`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/about");
  });

  it("serves the API app under /api, with its JSON errors", async () => {
    const response = await fetch(`${server.url}/api/portal/templates`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Sign in required", code: "unauthenticated" });
    expect((await fetch(`${server.url}/api/nothing`)).status).toBe(404);
  });
});

describe("the production-like server over HTTPS", () => {
  it("serves HTTP/2, as Netlify's CDN does, with the same headers and Brotli, and HTTP/1.1 still", async () => {
    const directory = mkdtempSync(join(tmpdir(), "prod-server-tls-"));
    const [keyFile, certFile] = [join(directory, "key.pem"), join(directory, "cert.pem")];
    await promisify(execFile)("openssl", [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
      ...["-keyout", keyFile, "-out", certFile, "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
    ]);
    const tls = { key: readFileSync(keyFile, "utf8"), cert: readFileSync(certFile, "utf8") };
    const server = await startProductionServer({
      projectRoot: fixtureProject(),
      database: () => Promise.reject(new Error("no database in this test")),
      tls,
    });
    const session = connect(server.url, { ca: tls.cert });
    try {
      expect(server.url).toMatch(/^https:/);
      const request = session.request({ ":path": "/about", "accept-encoding": "br" });
      const headers = await new Promise<IncomingHttpHeaders>((resolve) => request.on("response", resolve));
      const body: Buffer[] = [];
      for await (const chunk of request) body.push(chunk as Buffer);
      expect(headers[":status"]).toBe(200);
      expect(headers["content-security-policy"]).toBe(CSP);
      expect(headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(Buffer.concat(body)).toString()).toContain("<title>About</title>");
      // A client without HTTP/2 gets HTTP/1.1 on the same port.
      const http1 = await new Promise<number | undefined>((resolve, reject) =>
        httpsGet(`${server.url}/about`, { ca: tls.cert }, (response) => {
          response.resume();
          resolve(response.statusCode);
        }).on("error", reject),
      );
      expect(http1).toBe(200);
    } finally {
      session.close();
      await server.close();
    }
  });
});
