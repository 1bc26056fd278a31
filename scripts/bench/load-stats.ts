/** Figures of one load run: latency percentiles per status class, 5xx count and lost writes. */
export interface LoadFigures {
  database: string;
  connections: number;
  seconds: number;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  status5xx: number;
  /** 4xx answers plus requests never answered. */
  otherErrors: number;
  /** Requests that got no answer at all: connection errors and autocannon's 10 s timeouts. */
  unanswered: number;
  writesAcknowledged: number;
  rowsCounted: number;
  lostWrites: number;
  /** How many runs these figures combine (combineRounds); 1 for a single run. */
  rounds?: number;
}

/** The q-quantile (0..1) of `values` by nearest rank; 0 for none. */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * Whether a run meets issue 10's bar: no 5xx, no write acknowledged and then missing, and every request
 * answered (a request that times out is a failure the 5xx count would not show).
 */
export function loadPasses(f: LoadFigures): boolean {
  return f.status5xx === 0 && f.unanswered === 0 && f.lostWrites === 0 && f.requests > 0;
}

const median = (values: number[]) => percentile(values, 0.5);

/**
 * One database's repeated runs as one row: request counts and percentiles are the median run's, while every
 * failure (5xx, unanswered, lost write) of every run is added up, so one bad run fails the row.
 */
export function combineRounds(runs: LoadFigures[]): LoadFigures {
  const first = runs[0]!;
  const sum = (key: "status5xx" | "otherErrors" | "unanswered" | "writesAcknowledged" | "rowsCounted" | "lostWrites") =>
    runs.reduce((total, r) => total + r[key], 0);
  return {
    database: first.database,
    connections: first.connections,
    seconds: first.seconds,
    requests: median(runs.map((r) => r.requests)),
    perSecond: median(runs.map((r) => r.perSecond)),
    p50: median(runs.map((r) => r.p50)),
    p95: median(runs.map((r) => r.p95)),
    p99: median(runs.map((r) => r.p99)),
    status5xx: sum("status5xx"),
    otherErrors: sum("otherErrors"),
    unanswered: sum("unanswered"),
    writesAcknowledged: sum("writesAcknowledged"),
    rowsCounted: sum("rowsCounted"),
    lostWrites: sum("lostWrites"),
    rounds: runs.length,
  };
}
