/**
 * The results files the benches leave in bench-results/ for `npm run bench:report`: one schema per bench
 * (the part the report reads; a bench may write more), where each file lives and the command that writes it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as z from "zod";
import { machine, machineSchema } from "./machine";

export const RESULTS_DIR = "bench-results";

/** NaN (no successful run) is written to JSON as null. */
const figure = z.number().nullable();
/** When and where a bench ran; load.json (bench-load.ts) has only the date. */
const stamp = { date: z.string(), machine: machineSchema.optional() };

const apiScenario = z.object({
  name: z.string(),
  /** baseline: SELECT 1 through the API's stack; api: a call the target is about; inbox: the size comparison. */
  role: z.enum(["baseline", "api", "inbox"]),
  requests: z.number(),
  rps: z.number(),
  p50: figure,
  p95: figure,
  p99: figure,
  errors: z.number(),
  /** This scenario's p95 over the baseline's, median of the rounds' ratios. */
  p95VsSelectOne: figure,
  pass: z.boolean().optional(),
});

export const apiResultsSchema = z.object({
  ...stamp,
  connections: z.number(),
  secondsPerRound: z.number(),
  rounds: z.number(),
  templates: z.number(),
  databases: z.array(
    z.object({
      database: z.string(),
      scenarios: z.array(apiScenario),
      /** `SELECT 1` on open connections, no HTTP: the bare database round trip, median of the rounds. */
      bareRoundTrip: z.object({ p50: figure, p95: figure, perSecond: z.number() }),
      inbox: z.object({
        sizes: z.array(z.object({ stored: z.number(), rows: z.number() })),
        ratio: z.object({ p50: figure, p95: figure }),
      }),
      pass: z.boolean(),
    }),
  ),
});
export type ApiResults = z.infer<typeof apiResultsSchema>;

/** One target checked on one page (scripts/bench/site-checks.ts). */
export const checkSchema = z.object({
  page: z.string(),
  /** Which figure: a key of SITE_FIGURES. */
  id: z.string(),
  target: z.string(),
  actual: z.string(),
  limit: z.string(),
  pass: z.boolean(),
  /** Why a failure is inherent rather than something to fix (e.g. SEO on a 404 status). */
  note: z.string().optional(),
});
export type Check = z.infer<typeof checkSchema>;

export const siteResultsSchema = z.object({
  ...stamp,
  /** Lighthouse runs per page; the figures are their medians. */
  runs: z.number(),
  pages: z.array(
    z.object({
      path: z.string(),
      status: z.number(),
      median: z.object({
        scores: z.record(z.string(), figure),
        fcp: figure,
        lcp: figure,
        tbt: figure,
        cls: figure,
        transferBytes: figure,
        requests: figure,
      }),
      js: z.object({ totalGzip: z.number(), frameworkGzip: z.number(), islandGzip: z.number() }),
      firstPaintBytes: z.object({ gzip: z.number(), brotli: z.number() }),
    }),
  ),
  checks: z.array(checkSchema),
  portalScreens: z.array(z.object({ path: z.string(), eagerGzip: z.number(), lazyGzip: z.number() })),
  /** Where the editor's heavy libraries sit on /portal/proposal-editor (issue 9: only on demand). */
  onDemandLibraries: z.record(z.string(), z.string()).optional(),
});
export type SiteResults = z.infer<typeof siteResultsSchema>;

export const portalResultsSchema = z.object({
  ...stamp,
  scenario: z.string(),
  server: z.string(),
  runs: z.number(),
  medianMs: z.number(),
  minMs: z.number(),
  maxMs: z.number(),
});
export type PortalResults = z.infer<typeof portalResultsSchema>;

export const proposalResultsSchema = z.object({
  ...stamp,
  templates: z.number(),
  rounds: z.number(),
  responses: z.array(z.object({ name: z.string(), bytes: z.number() })),
  responseLimitBytes: z.number(),
  targetMs: z.number(),
  dialogOpen: z.object({ medianMs: z.number(), maxMs: z.number() }),
  loadOne: z.object({ medianMs: z.number(), maxMs: z.number() }),
  dashboardOpen: z.object({ medianMs: z.number(), maxMs: z.number() }),
});
export type ProposalResults = z.infer<typeof proposalResultsSchema>;

export const loadResultsSchema = z.object({
  ...stamp,
  runs: z.array(
    z.object({
      database: z.string(),
      connections: z.number(),
      seconds: z.number(),
      requests: z.number(),
      perSecond: z.number(),
      p50: z.number(),
      p95: z.number(),
      p99: z.number(),
      status5xx: z.number(),
      otherErrors: z.number(),
      /** Requests never answered (timeouts, connection errors); files from before it was counted read as 0. */
      unanswered: z.number().default(0),
      writesAcknowledged: z.number(),
      rowsCounted: z.number(),
      lostWrites: z.number(),
      rounds: z.number().optional(),
    }),
  ),
});
export type LoadResults = z.infer<typeof loadResultsSchema>;

export const faultsResultsSchema = z.object({
  ...stamp,
  suites: z.array(z.string()),
  tests: z.array(
    z.object({
      file: z.string(),
      name: z.string(),
      status: z.enum(["passed", "failed", "skipped"]),
      durationMs: z.number().nullable(),
    }),
  ),
});
export type FaultsResults = z.infer<typeof faultsResultsSchema>;

/** Each bench: its results file, the command that writes it, and the shape the report reads. */
export const BENCHES = {
  api: { file: "api.json", command: "npm run bench:api", schema: apiResultsSchema },
  site: { file: "site.json", command: "npm run bench:site", schema: siteResultsSchema },
  portal: { file: "portal.json", command: "npm run bench:portal", schema: portalResultsSchema },
  proposal: { file: "proposal.json", command: "npm run bench:proposal", schema: proposalResultsSchema },
  load: { file: "load.json", command: "npm run bench:load", schema: loadResultsSchema },
  faults: { file: "faults.json", command: "npm run bench:faults", schema: faultsResultsSchema },
} as const;
export type BenchName = keyof typeof BENCHES;

/** What the benches left: every bench's parsed results, or why there are none. */
export type BenchResults = {
  [B in BenchName]:
    | { status: "ok"; data: z.infer<(typeof BENCHES)[B]["schema"]> }
    | { status: "not run" }
    | { status: "unreadable"; reason: string };
};

/** Writes a bench's results with the date and the machine it ran on; returns the file written. */
export function writeResults<B extends BenchName>(
  bench: B,
  results: Omit<z.input<(typeof BENCHES)[B]["schema"]>, "date" | "machine"> & Record<string, unknown>,
  dir = RESULTS_DIR,
): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, BENCHES[bench].file);
  writeFileSync(
    file,
    JSON.stringify({ date: new Date().toISOString(), machine: machine(), ...results }, null, 1) + "\n",
  );
  return file;
}

/** Reads one bench's results file: missing is "not run", broken or outdated JSON is "unreadable". */
export function readResults<B extends BenchName>(bench: B, dir = RESULTS_DIR): BenchResults[B] {
  const file = join(dir, BENCHES[bench].file);
  if (!existsSync(file)) return { status: "not run" };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    return { status: "unreadable", reason: `${file} is not JSON (${(error as Error).message})` };
  }
  const parsed = BENCHES[bench].schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      status: "unreadable",
      reason: `${file} is not what the report reads (${issue.path.join(".") || "top level"}: ${issue.message}); run it again`,
    };
  }
  return { status: "ok", data: parsed.data } as BenchResults[B];
}

/** Every bench's results from `dir`. */
export function readAllResults(dir = RESULTS_DIR): BenchResults {
  return Object.fromEntries(
    (Object.keys(BENCHES) as BenchName[]).map((bench) => [bench, readResults(bench, dir)]),
  ) as BenchResults;
}
