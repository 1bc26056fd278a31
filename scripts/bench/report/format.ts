/** Number formats and the Markdown table of bench/REPORT.md. */
import type { Machine } from "../machine";

/** One figure as report.json lists it: what was measured, beside its target and, where there is one, its reference. */
export interface Figure {
  subject: string;
  figure: string;
  /** As the report prints it. */
  measured: string;
  value?: number | null;
  unit?: "ms" | "bytes" | "count" | "score" | "per second" | "ratio";
  target?: string;
  pass?: boolean;
  reference?: string;
  note?: string;
}

/** A bench's part of the report: Markdown lines, its figures, and how many targets it met. */
export interface SectionBody {
  lines: string[];
  figures: Figure[];
  targets: { met: number; total: number };
}

/** Milliseconds: one decimal under 10 ms, whole above; "n/a" for no figure. */
export const ms = (n: number | null | undefined): string =>
  n === null || n === undefined || !Number.isFinite(n) ? "n/a" : `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
/** Seconds with two decimals, from milliseconds. */
export const seconds = (n: number | null | undefined): string =>
  n === null || n === undefined || !Number.isFinite(n) ? "n/a" : `${(n / 1000).toFixed(2)} s`;
/** Kilobytes with one decimal. */
export const kilobytes = (n: number | null | undefined): string =>
  n === null || n === undefined || !Number.isFinite(n) ? "n/a" : `${(n / 1024).toFixed(1)} KB`;
/** Megabytes with two decimals. */
export const megabytes = (n: number): string => `${(n / 1024 / 1024).toFixed(2)} MB`;
/** A count or rate, whole, with thousands separators. */
export const count = (n: number | null | undefined): string =>
  n === null || n === undefined || !Number.isFinite(n) ? "n/a" : Math.round(n).toLocaleString("en-US");
/** A ratio such as 1.42x. */
export const times = (n: number | null | undefined): string =>
  n === null || n === undefined || !Number.isFinite(n) ? "n/a" : `${n.toFixed(2)}x`;

/** A measured cell, marked when it misses its target. */
export const cell = (text: string, pass: boolean | undefined, note?: string): string =>
  pass === false ? (note ? `${text} (${note})` : `**${text}** ✗`) : text;

/** PASS, FAIL, or nothing when no target applies. */
export const verdict = (pass: boolean | undefined): string => (pass === undefined ? "" : pass ? "PASS" : "FAIL");

/** A Markdown table (Prettier aligns it when the report is written). */
export function table(header: string[], rows: string[][]): string[] {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)];
}

/** "2026-11-22 18:42 UTC" from an ISO date. */
export const when = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** The machine in one phrase. */
export const host = (m: Machine): string =>
  `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}`;
