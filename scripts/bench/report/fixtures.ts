/** Results files as the benches write them, for the report's tests: small, and each with one miss to show. */
import type { Machine } from "../machine";
import type {
  ApiResults,
  BenchResults,
  FaultsResults,
  LoadResults,
  PortalResults,
  ProposalResults,
  SiteResults,
} from "../results";
import { KB, MB } from "../targets";

export const MACHINE: Machine = {
  cpu: "Test CPU",
  cores: 2,
  memoryGiB: 8,
  node: "v24.0.0",
  platform: "linux x64",
  loadAverage: 0.5,
};
const stamp = { date: "2026-01-02T03:04:05.000Z", machine: MACHINE };

const scores = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 };
export const SITE: SiteResults = {
  ...stamp,
  runs: 3,
  pages: [
    {
      path: "/",
      status: 200,
      median: { scores, fcp: 900, lcp: 1620, tbt: 10, cls: 0, transferBytes: 120 * KB, requests: 9 },
      js: { totalGzip: 62 * KB, frameworkGzip: 58 * KB, islandGzip: 4 * KB },
      firstPaintBytes: { gzip: 13 * KB, brotli: 11 * KB },
    },
    {
      path: "/missing",
      status: 404,
      median: {
        scores: { ...scores, seo: 66 },
        fcp: 800,
        lcp: 800,
        tbt: 0,
        cls: 0,
        transferBytes: 20 * KB,
        requests: 3,
      },
      js: { totalGzip: 0, frameworkGzip: 0, islandGzip: 0 },
      firstPaintBytes: { gzip: 9 * KB, brotli: 8 * KB },
    },
  ],
  checks: [
    { page: "/", id: "lcp", target: "LCP", actual: "1.62 s", limit: "<= 1.50 s", pass: false },
    { page: "/", id: "fcp", target: "FCP", actual: "0.90 s", limit: "<= 1.00 s", pass: true },
    { page: "/", id: "transfer", target: "total transfer", actual: "120.0 KB", limit: "<= 300.0 KB", pass: true },
    {
      page: "/missing",
      id: "seo",
      target: "Lighthouse seo",
      actual: "66",
      limit: "= 100",
      pass: false,
      note: "inherent: Lighthouse fails http-status-code on any 404 response",
    },
  ],
  portalScreens: [
    { path: "/portal/login", eagerGzip: 70 * KB, lazyGzip: 0 },
    { path: "/portal/proposal-editor", eagerGzip: 90 * KB, lazyGzip: 160 * KB },
  ],
  onDemandLibraries: { "editor engine (Tiptap/ProseMirror)": "on demand", html2canvas: "UP FRONT" },
};

const scenario = (name: string, role: "baseline" | "api" | "inbox", p95: number, pass?: boolean) => ({
  name,
  role,
  requests: 1000,
  rps: 2000,
  p50: p95 / 2,
  p95,
  p99: p95 * 1.5,
  errors: 0,
  p95VsSelectOne: p95 / 8,
  ...(pass === undefined ? {} : { pass }),
});
export const API: ApiResults = {
  ...stamp,
  connections: 50,
  secondsPerRound: 5,
  rounds: 3,
  templates: 100,
  databases: [
    {
      database: "embedded (PGlite, in memory)",
      scenarios: [
        scenario("SELECT 1 (same stack)", "baseline", 8),
        scenario("GET /api/portal/templates (100 rows)", "api", 40, false),
        scenario("POST /api/contact", "api", 20, true),
      ],
      bareRoundTrip: { p50: 0.4, p95: 1.2, perSecond: 20000 },
      inbox: {
        sizes: [
          { stored: 10, rows: 10 },
          { stored: 10000, rows: 10 },
        ],
        ratio: { p50: 1.05, p95: 1.1 },
      },
      pass: false,
    },
  ],
};

export const PORTAL: PortalResults = {
  ...stamp,
  scenario: "Copy for Gmail/Outlook click -> clipboard",
  server: "production-like server",
  runs: 7,
  medianMs: 640,
  minMs: 600,
  maxMs: 900,
};

export const PROPOSAL: ProposalResults = {
  ...stamp,
  templates: 200,
  rounds: 5,
  responses: [
    { name: "GET /api/portal/templates?view=summary (Load dialog)", bytes: 40 * KB },
    { name: "GET /api/portal/templates (spec 7 shape; no screen reads it)", bytes: 7 * MB },
  ],
  responseLimitBytes: 6 * MB,
  targetMs: 1000,
  dialogOpen: { medianMs: 450, maxMs: 700 },
  loadOne: { medianMs: 120, maxMs: 200 },
  dashboardOpen: { medianMs: 1200, maxMs: 1500 },
};

export const LOAD: LoadResults = {
  date: "2026-01-02T03:04:05.000Z",
  runs: [
    {
      database: "embedded (PGlite)",
      connections: 200,
      seconds: 30,
      requests: 1670,
      perSecond: 56,
      p50: 2049,
      p95: 6237,
      p99: 7336,
      status5xx: 1099,
      otherErrors: 551,
      unanswered: 0,
      writesAcknowledged: 287,
      rowsCounted: 313,
      lostWrites: 0,
    },
  ],
};

/** Every bench with results. */
export const FAULTS: FaultsResults = {
  date: "2026-01-02T03:04:05.000Z",
  suites: ["netlify/tests/db-faults.test.ts", "netlify/tests/security.test.ts"],
  tests: [
    {
      file: "netlify/tests/db-faults.test.ts",
      name: "database faults a database that stops answering gives 503 JSON within 5 s",
      status: "passed",
      durationMs: 3612,
    },
    { file: "netlify/tests/security.test.ts", name: "fuzz | every route", status: "failed", durationMs: 20 },
    { file: "netlify/tests/security.test.ts", name: "PostgreSQL only", status: "skipped", durationMs: null },
  ],
};

export const ALL_RUN: BenchResults = {
  api: { status: "ok", data: API },
  site: { status: "ok", data: SITE },
  portal: { status: "ok", data: PORTAL },
  proposal: { status: "ok", data: PROPOSAL },
  load: { status: "ok", data: LOAD },
  faults: { status: "ok", data: FAULTS },
};

/** No bench has run. */
export const NONE_RUN: BenchResults = {
  api: { status: "not run" },
  site: { status: "not run" },
  portal: { status: "not run" },
  proposal: { status: "not run" },
  load: { status: "not run" },
  faults: { status: "not run" },
};
