/**
 * The Reports screen's charts as numbers: the tables pivoted for drawing, scales from figures to pixels and the
 * shapes' geometry. Pure, so the SVG components only draw what these compute and tests check the geometry.
 */
import type { LeadReport } from "~/schemas/leads";
import { dayParts, utcDateOf } from "~/lib/company-days";

/** A round upper bound for an axis (1, 2, 5 × 10ⁿ), at least `max` and never 0, so an empty chart still has an axis. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max)!;
  return step * power;
}

/** Evenly spaced ticks from 0 to `top` (inclusive), `count` intervals. */
export const ticks = (top: number, count = 4): number[] =>
  Array.from({ length: count + 1 }, (_, i) => (top * i) / count);

/** A linear scale from [0, top] to pixels [bottom, topPx] (SVG's y grows downwards). */
export function yScale(top: number, bottomPx: number, topPx: number): (value: number) => number {
  return (value) => bottomPx - ((bottomPx - topPx) * value) / (top || 1);
}

/** Bands for `n` categories across [startPx, endPx]: each one's left edge and width, with `gap` of a band between. */
export function bands(n: number, startPx: number, endPx: number, gap = 0.2): { x: number; width: number }[] {
  if (n <= 0) return [];
  const step = (endPx - startPx) / n;
  return Array.from({ length: n }, (_, i) => ({ x: startPx + i * step + (step * gap) / 2, width: step * (1 - gap) }));
}

/** The weekly table as a grid: the weeks in order, the sources by total (largest first), and the counts. */
export function pivotWeekly(weekly: LeadReport["weekly"]): {
  weeks: string[];
  sources: string[];
  count: (week: string, source: string) => number;
} {
  const totals = new Map<string, number>();
  const cells = new Map<string, number>();
  for (const row of weekly) {
    totals.set(row.source, (totals.get(row.source) ?? 0) + row.leads);
    cells.set(`${row.week} ${row.source}`, row.leads);
  }
  const weeks = [...new Set(weekly.map((r) => r.week))].sort();
  const sources = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([s]) => s);
  return { weeks, sources, count: (week, source) => cells.get(`${week} ${source}`) ?? 0 };
}

/** One stacked bar's segments: each source's count from the bottom up, as [start, end] in figures. */
export function stack(counts: number[]): [number, number][] {
  let base = 0;
  return counts.map((n) => {
    const segment: [number, number] = [base, base + n];
    base += n;
    return segment;
  });
}

/** An SVG path through the points, skipping gaps (null): each unbroken run is its own "M … L …" piece. */
export function linePath(points: ({ x: number; y: number } | null)[]): string {
  const parts: string[] = [];
  let drawing = false;
  for (const point of points) {
    if (point) parts.push(`${drawing ? "L" : "M"}${round(point.x)},${round(point.y)}`);
    drawing = point !== null;
  }
  return parts.join(" ");
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The funnel over the whole range: leads, proposals sent, accepted, and the rates between them. */
export function funnelTotals(funnel: LeadReport["funnel"]): {
  leads: number;
  proposals: number;
  accepted: number;
  proposalRate: number | null;
  acceptRate: number | null;
} {
  const sum = (key: "leads" | "proposals" | "accepted") => funnel.reduce((n, row) => n + row[key], 0);
  const [leads, proposals, accepted] = [sum("leads"), sum("proposals"), sum("accepted")];
  return {
    leads,
    proposals,
    accepted,
    proposalRate: leads ? proposals / leads : null,
    acceptRate: proposals ? accepted / proposals : null,
  };
}

/** A share as a percentage ("42%", "—" when unknown). */
export const percent = (share: number | null): string => (share === null ? "—" : `${Math.round(share * 100)}%`);

/** Business minutes as hours with one decimal ("1.5 h", "—" when unknown). */
export const hours = (minutes: number | null): string =>
  minutes === null ? "—" : `${(Math.round((minutes / 60) * 10) / 10).toLocaleString("en-US")} h`;

/** A week's Monday (YYYY-MM-DD) as "Nov 23"; a month (YYYY-MM) as "Nov 2026". */
export function periodLabel(period: string): string {
  const date = utcDateOf(period);
  if (!date) return period;
  return dayParts(period)?.date
    ? date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" })
    : date.toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
}
