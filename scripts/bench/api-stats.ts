/** Issue 2's API latency target and the arithmetic to judge a load run against it. */

/** Issue 2, section 6: on the embedded database, at 50 connections. */
export const API_TARGETS = { connections: 50, p95Ms: 25, p95VsSelectOne: 3 } as const;

/** The p-th percentile (nearest rank) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** One load scenario's figures. */
export interface Summary {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** Summarises response times (ms, any order) collected over `seconds`. */
export function summarize(name: string, latencies: number[], seconds: number, errors: number): Summary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    requests: sorted.length,
    rps: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
  };
}

/** The round whose p95 is the median of the rounds' (the lower middle one for an even count). */
export function medianRound(rounds: readonly Summary[]): Summary {
  const sorted = [...rounds].sort((a, b) => a.p95 - b.p95);
  return sorted[(sorted.length - 1) >> 1]!;
}

/** Whether an API scenario meets the target, given its p95 as a multiple of the SELECT 1 baseline's. */
export function meetsApiTarget(scenario: Summary, p95VsSelectOne: number): boolean {
  return scenario.errors === 0 && scenario.p95 <= API_TARGETS.p95Ms && p95VsSelectOne <= API_TARGETS.p95VsSelectOne;
}
