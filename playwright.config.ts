import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * The browser suite runs against the production build on the production-like server (the built pages,
 * the API bundle, Netlify's header rules and CSP): what visitors and staff get, with nothing compiled on
 * first request. Only the `dev` project's specs (e2e/dev-*.spec.ts) talk to `astro dev`.
 */
const port = Number(process.env.E2E_PORT ?? 4323);
export const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
/** Where the production-like server writes its database URL and token secret for the specs (git-ignored). */
export const SERVER_INFO_FILE = ".data/e2e-server.json";
/** The specs that start their own `astro dev` (E2E_DEV_PORT): e2e/dev-*.spec.ts. */
const DEV_SPECS = /(^|[\\/])dev-[^\\/]*\.spec\.ts$/;

/**
 * Debian's Chromium: Playwright's own browser download cannot work on these machines. Its headless shell
 * (package chromium-headless-shell) when installed: the same Blink and V8 without the desktop browser's
 * shell, the build Playwright itself runs headless. On two cores the full browser made the suite CPU-bound
 * (6.2 min against 3.7 for the same 280 tests). `CHROMIUM_PATH` names another binary, e.g. for --headed.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
};

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  // Three on CI's two cores: the specs wait on the server, e-mails and timers often enough that a third worker
  // fills the gaps (the suite took 5.9 min against 7.3 with two, measured on the same build, no retry needed).
  workers: process.env.CI ? 3 : undefined,
  // A safety net only: a test that needs its retry is a failure to fix (the run prints it as flaky).
  retries: process.env.CI ? 1 : 0,
  // A limit to catch a hang, not a timing check (speed is `npm run bench`'s). CI's machine has phases where every
  // test takes 4 to 7 times its quiet time (the signature layout test: 24.7 s there, 3.4 s quiet), so CI gets twice
  // the desk's limit; a test that hangs still fails.
  timeout: process.env.CI ? 60_000 : 30_000,
  // Nothing a user waits for takes longer than this on the production build.
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : "list",
  use: {
    baseURL,
    trace: "on-first-retry",
    launchOptions: chromiumLaunch,
  },
  projects: [
    // One sign-in for the whole run: every spec reuses its token instead of paying for a scrypt each.
    { name: "setup", testMatch: /setup\.ts$/ },
    // Specs that start their own `astro dev` (E2E_DEV_PORT) to read what it prints. They need no token: they wait
    // for `setup` so that they run beside the other projects (Playwright runs the projects without dependencies
    // as a phase of their own, to the end, before the ones that depend on them). Listed first, they start at
    // once on one worker while the others begin the production-build specs.
    // One spec (e2e/dev-server.spec.ts) on one dev server: a second one compiling beside it cost a worker and a core.
    { name: "dev", testMatch: DEV_SPECS, dependencies: ["setup"], use: desktop, workers: 1 },
    { name: "desktop", testIgnore: DEV_SPECS, dependencies: ["setup"], use: desktop },
    // 375 px only where behaviour depends on width (tests tagged @phone): the header and slide-in menu,
    // layouts that reflow, the editor and signature panels on a phone.
    {
      name: "phone",
      testIgnore: DEV_SPECS,
      grep: /@phone/,
      dependencies: ["setup"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true },
    },
  ],
  webServer: [
    // Serves the last `npm run build` (npm test builds first) on a throw-away embedded database.
    ...(process.env.E2E_BASE_URL
      ? []
      : [
          {
            command: `npx tsx scripts/serve-prod.ts --port ${port} --info-file ${SERVER_INFO_FILE}`,
            url: `${baseURL}/`,
            reuseExistingServer: !process.env.CI,
            timeout: 60_000,
            stdout: "ignore" as const,
            stderr: "pipe" as const,
          },
        ]),
  ],
});
