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
      '[[redirects]]\n  from = "/old"\n  to = "/about"\n  status = 301',
    ].join("\n"),
  );
  mkdirSync(join(root, "dist/about"), { recursive: true });
  writeFileSync(join(root, "dist/about/index.html"), `<!doctype html><title>About</title>${"<p>text</p>".repeat(50)}`);
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

  it("follows netlify.toml's redirects", async () => {
    const response = await fetch(`${server.url}/old`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toMatch(/\/about$/);
  });
});
