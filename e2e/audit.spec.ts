/**
 * Every page of the build, opened once and checked on that load: the security headers and the
 * Content-Security-Policy as a deployed site sends them, no CSP violation, and axe-core with no violation
 * (docs/requirements.md#content-security-policy-and-headers, #accessibility). Against the production-like server
 * (scripts/serve-prod.ts: the built pages and the API bundle behind Netlify's header rules), because `astro dev`
 * applies neither netlify.toml nor the CSP. The pages are read from dist/, so pages added later are covered without
 * editing this file. Pages in a state a spec builds (open dialogs, filled lists) are checked by that spec.
 */
import { readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { expect, test, type Page } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { watchViolations } from "./helpers/csp";
import { hydrateIslands, isMobile, openMobileMenu, settle } from "./helpers/page";
import { signedIn } from "./helpers/portal";
import { seedWith } from "./helpers/seed";
import { ALL_PAGES, PUBLIC_PAGES, UNKNOWN_PATH } from "./helpers/site";
import { DEV_STAFF_USER } from "../src/server/config";

const DIST = "dist";

/** Every page of the build as a URL path: dist/about/index.html -> /about. */
function builtPages(): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "index.html")
        pages.push(`/${relative(DIST, dir).split(sep).join("/")}`.replace(/\/$/, "") || "/");
    }
  };
  walk(DIST);
  return pages.sort();
}

const PAGES = builtPages();
const PORTAL_PATHS = PAGES.filter((p) => p.startsWith("/portal/"));
const PUBLIC_PATHS = [...PAGES.filter((p) => !p.startsWith("/portal/")), UNKNOWN_PATH];

/**
 * The pages also checked at 375 px (tagged @phone), where the width changes what axe sees on the page as loaded: every
 * page with the site's header, which becomes a menu button there (its slide-in panel is checked open too); the sign-in
 * form, narrowed to the screen; and the signed-in screens, which trade the sidebar for a Menu button, that no other spec
 * checks at that width as loaded: staff, account, activity, and proposals (cards instead of the table). The other
 * signed-in screens are checked at 375 px by their own specs, in the states they build.
 */
const AT_PHONE_WIDTH = new Set([
  ...ALL_PAGES,
  "/portal/login",
  "/portal/staff",
  "/portal/account",
  "/portal/activity",
  "/portal/proposals",
]);
/** The pages whose slide-in panel is opened and checked too, at 375 px. */
const WITH_MENU = new Set(PUBLIC_PAGES.map((p) => p.path));
const widths = (path: string) => ({ tag: AT_PHONE_WIDTH.has(path) ? ["@phone"] : [] });

/** axe on the page once it has settled; `state` names what is checked in a failure. */
async function expectAxeClean(page: Page, state: string): Promise<void> {
  await settle(page);
  expect(await axeViolations(page), `axe on ${state}`).toEqual([]);
}

test("the build has pages to check", () => {
  expect(PUBLIC_PATHS).toContain("/");
  expect(PUBLIC_PATHS).toEqual(expect.arrayContaining([...ALL_PAGES]));
  expect(PORTAL_PATHS).toEqual(expect.arrayContaining(["/portal/login", "/portal/dashboard", "/portal/messages"]));
  expect(PORTAL_PATHS).toEqual(expect.arrayContaining([...AT_PHONE_WIDTH].filter((p) => p.startsWith("/portal/"))));
});

for (const path of PUBLIC_PATHS) {
  test(
    `public ${path}: security headers, CSP as a header, zero violations, axe clean`,
    widths(path),
    async ({ page }, testInfo) => {
      const violations = await watchViolations(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(path === UNKNOWN_PATH ? 404 : 200);
      const headers = response!.headers();
      expectSecurityHeaders(headers);
      expect(headers["x-robots-tag"]).toBeUndefined();
      await hydrateIslands(page);
      await expectAxeClean(page, "the page as loaded");
      if (isMobile(testInfo) && WITH_MENU.has(path)) {
        const panel = page.getByRole("dialog").first();
        await openMobileMenu(page);
        await expect(panel, "the slide-in panel is open").toBeVisible();
        await expectAxeClean(page, "the slide-in panel open");
        // Closed again: the open panel keeps the page from scrolling.
        await page.keyboard.press("Escape");
        await expect(panel).toBeHidden();
      }
      // Down the whole page, so what loads late (lazy images, islands further down) is under the CSP too.
      await page.mouse.wheel(0, 4000);
      await page.waitForLoadState("networkidle");
      expect(await violations()).toEqual([]);
    },
  );
}

test.describe("portal", () => {
  for (const path of PORTAL_PATHS) {
    test(
      `portal ${path}: no-store, noindex, CSP header, zero violations signed in, axe clean`,
      widths(path),
      async ({ page, request }) => {
        if (path !== "/portal/login") await signedIn(page, request);
        const violations = await watchViolations(page);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        const headers = response!.headers();
        expectSecurityHeaders(headers);
        expect(headers["cache-control"]).toBe("no-store");
        expect(headers["x-robots-tag"]).toMatch(/noindex/);
        await page.waitForLoadState("networkidle");
        await expect(page.locator("body")).not.toBeEmpty();
        // The screen's own content, not the loading line.
        await expect(page.getByRole("main")).toBeVisible();
        await expectAxeClean(page, "the screen as loaded");
        expect(await violations()).toEqual([]);
      },
    );
  }

  test("signing in through the form raises no violation", async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto("/portal/login");
    await page.getByLabel(/username/i).fill(DEV_STAFF_USER.username);
    await page.getByLabel(/password/i).fill(DEV_STAFF_USER.password);
    await page.getByRole("button", { name: "SIGN IN", exact: true }).click();
    await page.waitForURL(/\/portal\/dashboard/);
    await page.waitForLoadState("networkidle");
    expect(await violations()).toEqual([]);
  });
});

test("hashed assets are immutable, API responses carry their own headers", async ({ page, request }) => {
  const assets: string[] = [];
  page.on("response", (r) => {
    if (new URL(r.url()).pathname.startsWith("/_astro/")) assets.push(r.url());
  });
  await page.goto("/");
  await hydrateIslands(page);
  expect(assets.length).toBeGreaterThan(0);
  const asset = await request.get(assets[0]!);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  const api = await seedWith(request).session();
  expect(api.status).toBe(401);
  expect(api.headers.get("content-type")).toMatch(/application\/json/);
  expect(api.headers.get("x-content-type-options")).toBe("nosniff");
  expect(api.headers.get("cache-control")).toBe("no-store");
});

test("unknown paths and trailing-slash variants get the CSP and the other security headers", async ({ request }) => {
  for (const path of ["/nowhere", "/nowhere/", "/about/nowhere", "/about/", "/portal/login/", "/_astro/missing.js"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers["content-security-policy"], path).toMatch(/script-src 'self' 'sha256-/);
    for (const name of [
      "strict-transport-security",
      "x-content-type-options",
      "referrer-policy",
      "permissions-policy",
      "cross-origin-opener-policy",
      "x-frame-options",
    ])
      expect(headers[name], `${path}: ${name}`).toBeTruthy();
  }
});

function expectSecurityHeaders(headers: Record<string, string>): void {
  const csp = headers["content-security-policy"] ?? "";
  const directives = new Map(
    csp
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.split(/\s+/).slice(1)] as const),
  );
  expect(directives.get("default-src")).toEqual(["'self'"]);
  expect(directives.get("object-src")).toEqual(["'none'"]);
  expect(directives.get("base-uri")).toEqual(["'none'"]);
  expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
  expect(directives.get("form-action")).toEqual(["'self'"]);
  const scripts = directives.get("script-src") ?? [];
  expect(scripts).toContain("'self'");
  expect(scripts.some((s) => s.startsWith("'sha256-"))).toBe(true);
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(headers["strict-transport-security"]).toMatch(/max-age=(\d+);\s*includeSubDomains/);
  expect(Number(/max-age=(\d+)/.exec(headers["strict-transport-security"] ?? "")?.[1])).toBeGreaterThanOrEqual(
    31536000,
  );
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toMatch(/camera=\(\)/);
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
}
