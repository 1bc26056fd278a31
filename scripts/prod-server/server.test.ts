import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRAMEWORK_CONFIG } from "./headers";
import { startProductionServer, type RunningServer } from "./server";

/** A project as small as ours is shaped: netlify.toml, a publish dir with a 404 page, the adapter's CSP rule. */
function fixtureProject(): string {
  const root = mkdtempSync(join(tmpdir(), "prod-server-"));
  writeFileSync(
    join(root, "netlify.toml"),
    [
      '[build]\n  publish = "dist"',
      '[[headers]]\n  for = "/*"\n  [headers.values]\n    X-Content-Type-Options = "nosniff"',
      '[[headers]]\n  for = "/_astro/*"\n  [headers.values]\n    Cache-Control = "public, max-age=31536000, immutable"',
      '[[redirects]]\n  from = "/old"\n  to = "/about"\n  status = 301',
    ].join("\n"),
  );
  mkdirSync(join(root, "dist/about"), { recursive: true });
  mkdirSync(join(root, "dist/_astro"), { recursive: true });
  writeFileSync(join(root, "dist/about/index.html"), `<!doctype html><title>About</title>${"<p>text</p>".repeat(50)}`);
  writeFileSync(join(root, "dist/legal.html"), "<!doctype html><title>Legal</title>");
  writeFileSync(join(root, "dist/_astro/app.abc.js"), "console.log(1);".repeat(100));
  writeFileSync(join(root, "dist/404.html"), "<!doctype html><title>Not found</title>");
  mkdirSync(join(root, ".netlify/v1"), { recursive: true });
  writeFileSync(
    join(root, FRAMEWORK_CONFIG),
    JSON.stringify({ headers: [{ for: "/about", values: { "Content-Security-Policy": "default-src 'self'" } }] }),
  );
  return root;
}

describe("startProductionServer", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startProductionServer({ projectRoot: fixtureProject() });
  }, 60_000);
  afterAll(() => server?.close());

  it("serves a page with netlify.toml's headers, the page's CSP, compressed", async () => {
    const response = await fetch(`${server.url}/about`, { headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(await response.text()).toContain("<title>About</title>");
  });

  it("answers an unknown path with 404.html and status 404", async () => {
    const response = await fetch(`${server.url}/nowhere`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Not found");
  });

  it.each([
    ["/about", "About"],
    ["/about/", "About"],
    ["/legal", "Legal"],
  ])("serves %s with Netlify's pretty URLs", async (path, title) => {
    const response = await fetch(server.url + path);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`<title>${title}</title>`);
  });

  it.each(["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd"])(
    "does not leave the publish directory: %s",
    async (path) => {
      expect((await fetch(server.url + path)).status).toBe(404);
    },
  );

  it("gzips for clients without brotli and keeps netlify.toml's cache rule for hashed assets", async () => {
    const response = await fetch(`${server.url}/_astro/app.abc.js`, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe("console.log(1);".repeat(100));
  });

  it("answers 304 to a file's ETag, the same whatever the encoding", async () => {
    const br = await fetch(`${server.url}/about`, { headers: { "accept-encoding": "br" } });
    const gzip = await fetch(`${server.url}/about`, { headers: { "accept-encoding": "gzip" } });
    const etag = br.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(gzip.headers.get("etag")).toBe(etag);
    const again = await fetch(`${server.url}/about`, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
  });

  it("follows netlify.toml's redirects", async () => {
    const response = await fetch(`${server.url}/old`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toMatch(/\/about$/);
  });
});
