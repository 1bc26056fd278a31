import { describe, expect, it } from "vitest";
import { pageChecks, type CheckedPage } from "./site-checks";
import { KB } from "./targets";

/** A page meeting every target; each case below spoils one thing. */
function page(overrides: Partial<CheckedPage> = {}): CheckedPage {
  return {
    path: "/",
    status: 200,
    median: {
      scores: { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 },
      fcp: 800,
      lcp: 1200,
      tbt: 10,
      cls: 0,
      transferBytes: 100 * KB,
      requests: 8,
    },
    js: { files: [], inlineGzip: 0, totalGzip: 60 * KB, frameworkGzip: 55 * KB, islandGzip: 5 * KB, portal: false },
    firstPaintBytes: { gzip: 12 * KB, brotli: 10 * KB },
    blockingCss: [],
    runs: [{ failing: [], consoleErrors: [] }],
    ...overrides,
  };
}
const failed = (p: CheckedPage) => pageChecks(p).filter((c) => !c.pass);

describe("pageChecks", () => {
  it("passes a page meeting every target, with the home page's budgets only on /", () => {
    expect(failed(page())).toEqual([]);
    expect(pageChecks(page()).map((c) => c.id)).toContain("transfer");
    expect(pageChecks(page({ path: "/about" })).map((c) => c.id)).not.toContain("transfer");
  });

  it.each([
    ["lcp", { median: { ...page().median, lcp: 1600 } }],
    ["tbt", { median: { ...page().median, tbt: Number.NaN } }],
    ["performance", { median: { ...page().median, scores: { ...page().median.scores, performance: 99 } } }],
    ["island", { js: { ...page().js, islandGzip: 9 * KB } }],
    ["portal", { js: { ...page().js, portal: true } }],
    ["blockingCss", { blockingCss: [{ href: "/a.css", gzip: 1, brotli: 1 }] }],
    ["requests", { median: { ...page().median, requests: 16 } }],
  ] satisfies [string, Partial<CheckedPage>][])("fails %s", (id, overrides) => {
    expect(failed(page(overrides)).map((c) => c.id)).toEqual([id]);
  });

  it("marks SEO and console misses on a 404 page as inherent to the status, and nothing else", () => {
    const notFound = page({
      path: "/missing",
      status: 404,
      median: { ...page().median, scores: { performance: 100, accessibility: 100, "best-practices": 96, seo: 66 } },
      runs: [
        {
          failing: [
            { category: "seo", id: "http-status-code", title: "", score: 0 },
            { category: "best-practices", id: "errors-in-console", title: "", score: 0 },
          ],
          consoleErrors: ["Failed to load resource: the server responded with a status of 404 () <http://x/missing>"],
        },
      ],
    });
    expect(failed(notFound).map((c) => [c.id, c.note?.startsWith("inherent")])).toEqual([
      ["best-practices", true],
      ["seo", true],
    ]);
    const broken = { ...notFound, status: 200, path: "/x" };
    expect(failed(broken).every((c) => c.note === undefined)).toBe(true);
  });
});
