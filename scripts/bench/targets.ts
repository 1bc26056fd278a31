/** The speed and quality targets and the arithmetic to judge a page against them. */

export const KB = 1024;

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

/** Median of numbers, ignoring NaN; NaN when none are left. */
export function median(values: readonly number[]): number {
  const v = values.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (!v.length) return Number.NaN;
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/** One target checked on one page. */
export interface Check {
  page: string;
  target: string;
  actual: string;
  limit: string;
  pass: boolean;
  /** Why a failure is inherent rather than something to fix (e.g. SEO on a 404 status). */
  note?: string;
}

/** Formats bytes as KB with one decimal. */
export const kb = (bytes: number): string => `${(bytes / KB).toFixed(1)} KB`;
/** Formats milliseconds as seconds with two decimals. */
export const sec = (ms: number): string => (Number.isNaN(ms) ? "n/a" : `${(ms / 1000).toFixed(2)} s`);

/** Checks a value against an upper bound (NaN fails). */
export function atMost(
  page: string,
  target: string,
  value: number,
  limit: number,
  fmt: (n: number) => string,
  note?: string,
): Check {
  return {
    page,
    target,
    actual: Number.isNaN(value) ? "n/a" : fmt(value),
    limit: `<= ${fmt(limit)}`,
    pass: !Number.isNaN(value) && value <= limit,
    note,
  };
}
