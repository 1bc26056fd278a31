/**
 * The deploy `npm run build` leaves behind (dist/ and .netlify/functions), checked as Netlify would take
 * it: every page route as HTML, every function bundled and importable, and every route of the API app
 * served by exactly one function. Skipped, saying so, when there is no build; `npm test` builds first.
 * The built pages' markup is checked by the build itself (`npm run check:html`, scripts/check-html.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import {
  FRAMEWORK_CONFIG,
  FUNCTIONS_BUNDLE,
  FUNCTIONS_SOURCE,
  PDF_FUNCTIONS,
  PDF_FUNCTIONS_INCLUDED_FILES,
  PUBLISH_DIR,
} from "./lib/deploy-paths";
import { createRequire } from "node:module";
import { deflateRawSync } from "node:zlib";
import { fontFiles } from "../src/server/bids/pdf/fonts";
import { logoMarkShapes, logoMarkSvg } from "../src/config/brand";
import { app } from "../src/server/app";
import { headerRules, headersFor } from "../src/integrations/netlify-headers";

/** The encoded images the repository keeps for the build (astro.config.mjs, cacheDir). */
const IMAGE_CACHE = "build-cache/assets";

const built = existsSync(join(FUNCTIONS_BUNDLE, "manifest.json")) && existsSync(join(PUBLISH_DIR, "index.html"));

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

/** A function route as the manifest lists it: a literal path, or a pattern's regular expression. */
interface Route {
  literal?: string;
  expression?: string;
}

const routeMatches = (route: Route, path: string) =>
  route.literal !== undefined ? route.literal === path : new RegExp(route.expression!).test(path);

interface ManifestEntry {
  name: string;
  path: string;
  runtimeVersion?: string;
  routes?: Route[];
  excludedRoutes?: Route[];
  schedule?: string;
  trafficRules?: { action: { type: string } };
}

describe.skipIf(!built)("build output (run `npm run build` first)", () => {
  // Read only when built: vitest still runs a skipped block's body to list its tests.
  const manifest = (built ? JSON.parse(readFileSync(join(FUNCTIONS_BUNDLE, "manifest.json"), "utf8")) : {}) as {
    functions: ManifestEntry[];
  };

  it.each(expectedHtml())("dist/%s exists", (file) => {
    expect(existsSync(join(PUBLISH_DIR, file))).toBe(true);
  });

  it("build-cache/assets holds exactly the images the build encoded, byte for byte", () => {
    // The kept cache (astro.config.mjs, cacheDir) spares a clean build the AVIF encoding; an image no page uses
    // any more, or one encoded since and not added, shows here.
    const encoded = readdirSync(join(PUBLISH_DIR, "_astro")).filter((f) => f.endsWith(".avif"));
    const kept = readdirSync(IMAGE_CACHE);
    expect(kept.sort()).toEqual(encoded.sort());
    for (const file of kept)
      expect(readFileSync(join(IMAGE_CACHE, file)).equals(readFileSync(join(PUBLISH_DIR, "_astro", file))), file).toBe(
        true,
      );
  });

  it("bundles every function in netlify/functions, for Node 24", () => {
    const sources = readdirSync(FUNCTIONS_SOURCE).map((f) => f.replace(/\.ts$/, ""));
    expect(manifest.functions.map((f) => f.name).sort()).toEqual(sources.sort());
    for (const f of manifest.functions) expect(f.runtimeVersion).toBe("nodejs24.x");
  });

  it.each(readdirSync(FUNCTIONS_SOURCE).map((f) => f.replace(/\.ts$/, "")))(
    "the bundle of %s imports and exports a handler with a route or schedule (a background function: neither)",
    async (name) => {
      const entry = join(FUNCTIONS_BUNDLE, name, FUNCTIONS_SOURCE, `${name}.mjs`);
      const mod = (await import(pathToFileURL(entry).href)) as { default: unknown; config?: Record<string, unknown> };
      expect(typeof mod.default).toBe("function");
      // Netlify runs a function whose name ends in -background at /.netlify/functions/<name>, for up to 15 minutes.
      if (name.endsWith("-background")) expect(mod.config).toBeUndefined();
      else expect("path" in mod.config! || "schedule" in mod.config!).toBe(true);
    },
  );

  it.each(PDF_FUNCTIONS)("%s carries every font the bids' PDF embeds, and finds them in its own bundle", (name) => {
    const entry = join(FUNCTIONS_BUNDLE, name, FUNCTIONS_SOURCE, `${name}.mjs`);
    const resolve = createRequire(pathToFileURL(entry).href).resolve;
    for (const file of fontFiles()) {
      // fonts.ts resolves a face from the bundled module, as here: the copy inside the bundle answers.
      expect(relative(join(FUNCTIONS_BUNDLE, name), resolve(file)).startsWith(".."), file).toBe(false);
    }
  });

  it("netlify.toml gives those functions the same font files as the local bundle", () => {
    const toml = readFileSync("netlify.toml", "utf8");
    for (const name of PDF_FUNCTIONS) {
      const section = toml.split(`[functions.${name}]`)[1]?.split(/^\[/m)[0] ?? "";
      for (const file of PDF_FUNCTIONS_INCLUDED_FILES) expect(section, `${name}: ${file}`).toContain(`"${file}"`);
    }
  });

  /** Netlify's limits on a function: 250 MB unzipped, and the 50 MB zip it uploads. */
  const UNZIPPED_LIMIT = 250 * 1024 * 1024;
  const ZIPPED_LIMIT = 50 * 1024 * 1024;

  it.each(readdirSync(FUNCTIONS_SOURCE).map((f) => f.replace(/\.ts$/, "")))(
    "%s stays within Netlify's function size limits",
    (name) => {
      const files = filesUnder(join(FUNCTIONS_BUNDLE, name));
      const unzipped = files.reduce((sum, f) => sum + statSync(f).size, 0);
      // A zip stores each file deflated, plus headers of a few dozen bytes and its name, twice.
      const zipped = files.reduce((sum, f) => sum + deflateRawSync(readFileSync(f)).length + 100 + 2 * f.length, 0);
      console.log(`${name}: ${(unzipped / 1e6).toFixed(1)} MB unzipped, about ${(zipped / 1e6).toFixed(1)} MB zipped`);
      expect(unzipped).toBeLessThan(UNZIPPED_LIMIT);
      expect(zipped).toBeLessThan(ZIPPED_LIMIT);
    },
    60_000,
  );

  it("dist/favicon.svg is the brand module's mark, and the header draws the same shapes", () => {
    expect(readFileSync(join(PUBLISH_DIR, "favicon.svg"), "utf8")).toBe(logoMarkSvg());
    expect(readFileSync(join(PUBLISH_DIR, "index.html"), "utf8")).toContain(logoMarkShapes());
  });

  it.each(["portal-login", "contact"])("%s carries Netlify's edge rate limit", (name) => {
    expect(manifest.functions.find((f) => f.name === name)?.trafficRules?.action.type).toBe("rate_limit");
  });

  /** The functions whose routes (minus their excluded routes) serve a concrete path. */
  const servedBy = (path: string) =>
    manifest.functions
      .filter(
        (f) => f.routes?.some((r) => routeMatches(r, path)) && !f.excludedRoutes?.some((r) => routeMatches(r, path)),
      )
      .map((f) => f.name);
  const appPaths = [...new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => r.path))];

  it.each(appPaths)("the app's route %s is served by exactly one function", (path) => {
    expect(servedBy(path.replace(/:\w+/g, "x"))).toHaveLength(1);
  });

  it.each([
    "/",
    "/about",
    "/about/",
    "/portal/login/",
    "/nowhere",
    "/nowhere/",
    "/about/nowhere",
    "/_astro/missing.js",
  ])("every response at %s gets the Content-Security-Policy and the other security headers", async (path) => {
    const headers = headersFor(await headerRules(".", FRAMEWORK_CONFIG), path);
    for (const name of [
      "Content-Security-Policy",
      "Strict-Transport-Security",
      "X-Content-Type-Options",
      "Referrer-Policy",
      "Permissions-Policy",
      "Cross-Origin-Opener-Policy",
      "X-Frame-Options",
    ])
      expect(headers[name], name).toBeTruthy();
    expect(headers["Content-Security-Policy"]).toMatch(/script-src 'self' 'sha256-/);
  });
});
