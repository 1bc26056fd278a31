/**
 * The deploy `npm run build` leaves behind (dist/ and .netlify/functions), checked as Netlify would take
 * it: every page route as HTML, every function bundled and importable, and every API path the browser
 * code calls served by a function (and every function route called by something). Skipped, saying so,
 * when there is no build; `npm test` builds first.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { FUNCTIONS_BUNDLE, FUNCTIONS_SOURCE, PUBLISH_DIR } from "./lib/deploy-paths";
import { apiPathsIn, routeMatches } from "./lib/api-paths";
import { logoMarkShapes, logoMarkSvg } from "../src/config/brand";

const built = existsSync(join(FUNCTIONS_BUNDLE, "manifest.json")) && existsSync(join(PUBLISH_DIR, "index.html"));

/**
 * Function routes no browser code requests itself: signature images are fetched by mail clients, at
 * a URL the server builds and returns from the upload (the client bundle holds only its base path).
 */
const API_ONLY_ROUTES = ["/api/signature-images/:file"];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** The HTML file each page in src/pages must produce: about.astro -> about/index.html. */
function expectedHtml(): string[] {
  return filesUnder("src/pages")
    .filter((f) => f.endsWith(".astro"))
    .map((f) =>
      relative("src/pages", f)
        .split(sep)
        .join("/")
        .replace(/\.astro$/, ""),
    )
    .map((route) =>
      route === "404" ? "404.html" : route === "index" ? "index.html" : `${route.replace(/\/index$/, "")}/index.html`,
    );
}

interface ManifestEntry {
  name: string;
  path: string;
  runtimeVersion?: string;
  routes?: { pattern: string }[];
  schedule?: string;
  trafficRules?: { action: { type: string } };
}

describe.skipIf(!built)("build output (run `npm run build` first)", () => {
  const manifest = JSON.parse(readFileSync(join(FUNCTIONS_BUNDLE, "manifest.json"), "utf8")) as {
    functions: ManifestEntry[];
  };

  it.each(expectedHtml())("dist/%s exists", (file) => {
    expect(existsSync(join(PUBLISH_DIR, file))).toBe(true);
  });

  it("bundles every function in netlify/functions, for Node 24", () => {
    const sources = readdirSync(FUNCTIONS_SOURCE).map((f) => f.replace(/\.ts$/, ""));
    expect(manifest.functions.map((f) => f.name).sort()).toEqual(sources.sort());
    for (const f of manifest.functions) expect(f.runtimeVersion).toBe("nodejs24.x");
  });

  it.each(readdirSync(FUNCTIONS_SOURCE).map((f) => f.replace(/\.ts$/, "")))(
    "the bundle of %s imports and exports a handler with a route or schedule",
    async (name) => {
      const entry = join(FUNCTIONS_BUNDLE, name, FUNCTIONS_SOURCE, `${name}.mjs`);
      const mod = (await import(pathToFileURL(entry).href)) as { default: unknown; config: Record<string, unknown> };
      expect(typeof mod.default).toBe("function");
      expect("path" in mod.config || "schedule" in mod.config).toBe(true);
    },
  );

  it("dist/favicon.svg is the brand module's mark, and the header draws the same shapes", () => {
    expect(readFileSync(join(PUBLISH_DIR, "favicon.svg"), "utf8")).toBe(logoMarkSvg());
    expect(readFileSync(join(PUBLISH_DIR, "index.html"), "utf8")).toContain(logoMarkShapes());
  });

  it.each(["portal-login", "contact", "contact-form"])("%s carries Netlify's edge rate limit", (name) => {
    expect(manifest.functions.find((f) => f.name === name)?.trafficRules?.action.type).toBe("rate_limit");
  });

  const routes = manifest.functions.flatMap((f) => (f.routes ?? []).map((r) => r.pattern));
  const clientFiles = filesUnder(PUBLISH_DIR).filter((f) => /\.(js|html)$/.test(f));
  const clientPaths = [...new Set(clientFiles.flatMap((f) => apiPathsIn(readFileSync(f, "utf8"))))].sort();

  it("finds the API paths the browser code calls", () => {
    expect(clientPaths).toEqual(expect.arrayContaining(["/api/contact", "/api/portal/login"]));
  });

  it.each(clientPaths)("client path %s is served by a function", (path) => {
    expect(
      // A base path the client holds, under which a function serves parameterised URLs, counts too.
      routes.some((route) => routeMatches(route, path) || route.startsWith(`${path}/:`)),
      `routes: ${routes.join(", ")}`,
    ).toBe(true);
  });

  it.each(routes)("function route %s is called by the client", (route) => {
    if (API_ONLY_ROUTES.includes(route)) return;
    expect(
      clientPaths.some((path) => routeMatches(route, path)),
      `client paths: ${clientPaths.join(", ")}`,
    ).toBe(true);
  });
});
