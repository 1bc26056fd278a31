// Lighthouse CI for `npm run bench:lighthouse`: the six public pages of the production build on the production-like
// server, three runs each in Debian's Chromium (offline), judged on the median run. Every assertion is printed,
// passed or not, with its figure; the reports go to bench-results/lighthouse/ (git-ignored).
const PORT = 4800;
const PAGES = ["/", "/about", "/residential", "/multifamily", "/portfolio", "/contact"];
const median = (options) => ["error", { ...options, aggregationMethod: "median-run" }];

module.exports = {
  ci: {
    collect: {
      startServerCommand: `node --import tsx scripts/serve-prod.ts --port ${PORT}`,
      startServerReadyPattern: "serve-prod:",
      url: PAGES.map((path) => `http://127.0.0.1:${PORT}${path}`),
      numberOfRuns: 3,
      chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      settings: {
        chromeFlags: "--headless=new --no-sandbox --disable-gpu --disable-background-networking --no-first-run",
      },
    },
    assert: {
      includePassedAssertions: true,
      assertions: {
        "categories:performance": median({ minScore: 1 }),
        "categories:accessibility": median({ minScore: 1 }),
        "categories:best-practices": median({ minScore: 1 }),
        "categories:seo": median({ minScore: 1 }),
        "largest-contentful-paint": median({ maxNumericValue: 1200 }),
        "total-blocking-time": median({ maxNumericValue: 50 }),
        "cumulative-layout-shift": median({ maxNumericValue: 0.02 }),
        // Bytes over the wire per page (compressed), by kind: the whole page, its scripts and its images.
        "resource-summary:total:size": median({ maxNumericValue: 250 * 1024 }),
        "resource-summary:script:size": median({ maxNumericValue: 75 * 1024 }),
        "resource-summary:image:size": median({ maxNumericValue: 180 * 1024 }),
      },
    },
    upload: { target: "filesystem", outputDir: "bench-results/lighthouse" },
  },
};
