import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4321);
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${port}`;
/** The production-like server (built site + functions, Netlify's headers): CSP and headers are checked there. */
const prodPort = Number(process.env.E2E_PROD_PORT ?? 4323);
const prodURL = process.env.E2E_PROD_BASE_URL ?? `http://127.0.0.1:${prodPort}`;
const PRODUCTION_SPECS = /production\/.*\.spec\.ts/;

/** Debian's Chromium: Playwright's own browser download cannot work on these machines. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: "list",
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: chromiumLaunch,
  },
  projects: [
    { name: "warm-up", testMatch: /warm-up\.setup\.ts/ },
    {
      name: "production",
      testMatch: PRODUCTION_SPECS,
      use: { ...devices["Desktop Chrome"], baseURL: prodURL, viewport: { width: 1280, height: 800 } },
    },
    {
      name: "desktop",
      testIgnore: PRODUCTION_SPECS,
      dependencies: ["warm-up"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "mobile",
      testIgnore: PRODUCTION_SPECS,
      dependencies: ["warm-up"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true },
    },
  ],
  webServer: [
    ...(process.env.E2E_BASE_URL
      ? []
      : [
          {
            command: `npx astro dev --port ${port}`,
            url: `${baseURL}/`,
            reuseExistingServer: !process.env.CI,
            timeout: 120_000,
            stdout: "ignore" as const,
            stderr: "pipe" as const,
          },
        ]),
    // Serves the last `npm run build` (npm test builds first) on a throw-away embedded database.
    ...(process.env.E2E_PROD_BASE_URL
      ? []
      : [
          {
            command: `npx tsx scripts/serve-prod.ts --port ${prodPort}`,
            url: `${prodURL}/`,
            reuseExistingServer: !process.env.CI,
            timeout: 120_000,
            stdout: "ignore" as const,
            stderr: "pipe" as const,
          },
        ]),
  ],
});
