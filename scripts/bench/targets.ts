/** The issues' speed and quality targets, the references figures are read against, and the arithmetic to judge them. */
import type { Check } from "./results";

export const KB = 1024;
export const MB = 1024 * KB;

/** Issue 3, "Speed and quality, measured by npm run bench". */
export const TARGETS = {
  score: 100,
  fcpMs: 1000,
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0.02,
  homeHtmlCriticalCss: 14 * KB,
  jsPerPageGzip: 75 * KB,
  islandGzip: 8 * KB,
  homeTransfer: 300 * KB,
  homeRequests: 15,
} as const;

/** Issue 9, "Small templates": the Load dialog and the dashboard open in under 1 s; no response over Netlify's 6 MB function limit. */
export const PROPOSAL_TARGETS = { openMs: 1000, responseBytes: 6 * MB } as const;

/**
 * The median web page, for scale: HTTP Archive's Web Almanac 2024 (crawl of October 2024), home pages
 * loaded on mobile, bytes as transferred (compressed), as Lighthouse counts them here: 2,311 KB and about
 * 70 requests in total (Page Weight chapter), 558 KB of JavaScript (JavaScript chapter).
 */
export const MEDIAN_PAGE = {
  source: "Web Almanac 2024 median mobile page",
  chapters: {
    "Page Weight": "https://almanac.httparchive.org/en/2024/page-weight",
    JavaScript: "https://almanac.httparchive.org/en/2024/javascript",
  },
  totalBytes: 2311 * KB,
  requests: 70,
  jsBytes: 558 * KB,
} as const;

/** The figures bench:site judges, by id, with the names its tables print. */
export const SITE_FIGURES = {
  performance: "Lighthouse performance",
  accessibility: "Lighthouse accessibility",
  "best-practices": "Lighthouse best-practices",
  seo: "Lighthouse seo",
  fcp: "FCP",
  lcp: "LCP",
  tbt: "TBT",
  cls: "CLS",
  js: "JS per page (gzip)",
  island: "island code (JS minus React, gzip)",
  portal: "no portal code",
  firstPaint: "HTML + critical CSS (gzip)",
  blockingCss: "no render-blocking stylesheet",
  transfer: "total transfer",
  requests: "requests",
} as const;
export type SiteFigure = keyof typeof SITE_FIGURES;

/** Median of numbers, ignoring NaN; NaN when none are left. */
export function median(values: readonly number[]): number {
  const v = values.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (!v.length) return Number.NaN;
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/** Formats bytes as KB with one decimal. */
export const kb = (bytes: number): string => `${(bytes / KB).toFixed(1)} KB`;
/** Formats milliseconds as seconds with two decimals. */
export const sec = (ms: number): string => (Number.isNaN(ms) ? "n/a" : `${(ms / 1000).toFixed(2)} s`);

/** Checks a page's figure against an upper bound (NaN fails). */
export function atMost(
  page: string,
  id: SiteFigure,
  value: number,
  limit: number,
  fmt: (n: number) => string,
  note?: string,
): Check {
  return {
    page,
    id,
    target: SITE_FIGURES[id],
    actual: Number.isNaN(value) ? "n/a" : fmt(value),
    limit: `<= ${fmt(limit)}`,
    pass: !Number.isNaN(value) && value <= limit,
    ...(note ? { note } : {}),
  };
}
