/** One database's part of `npm run bench:api`: its servers, the scenarios in interleaved rounds, the medians. */
import { loadRun, nextIp, startApiServer, type LoadOptions } from "./api-load";
import { medianRound, meetsApiTarget, percentile, type Summary } from "./api-stats";
import type { ApiResults } from "./results";
import { median } from "./targets";

/** Stored contact messages of the two inbox servers, smaller first. */
export const INBOX_SIZES = [10, 10_000] as const;
export const INBOX_PATH = "/api/contacts?limit=50&handled=false";

/** How hard and how long to load each database. */
export interface ApiBenchConfig {
  connections: number;
  seconds: number;
  rounds: number;
  templates: number;
  templateChars: number;
  /** The port for the next server ("0": a free one). */
  nextPort: () => string;
}

export type DatabaseFigures = ApiResults["databases"][number];
type Scenario = {
  name: string;
  role: "baseline" | "api" | "inbox";
  options: Omit<LoadOptions, "connections" | "seconds">;
};

const contactBody = JSON.stringify({
  firstName: "Bench",
  lastName: "Mark",
  email: "bench@example.com",
  projectType: "general",
  message: "Load test message",
});

/** The scenarios against one database: the SELECT 1 baseline, the two API calls the target is about, the inbox at two sizes. */
function scenarios(
  templates: number,

  main: { origin: string; token: string },
  inboxes: { origin: string; token: string; stored: number }[],
) {
  const list: Scenario[] = [
    { name: "SELECT 1 (same stack)", role: "baseline", options: { origin: main.origin, path: "/bench/select-1" } },
    {
      name: `GET /api/portal/templates (${templates} rows)`,
      role: "api",
      options: {
        origin: main.origin,
        path: "/api/portal/templates",
        headers: { authorization: `Bearer ${main.token}` },
      },
    },
    {
      name: "POST /api/contact",
      role: "api",
      options: {
        origin: main.origin,
        path: "/api/contact",
        requests: [
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: contactBody,
            setupRequest: (request) => ({ ...request, headers: { ...request.headers, "x-forwarded-for": nextIp() } }),
          },
        ],
      },
    },
  ];
  for (const inbox of inboxes)
    list.push({
      name: `GET ${INBOX_PATH} (${inbox.stored} stored)`,
      role: "inbox",
      options: { origin: inbox.origin, path: INBOX_PATH, headers: { authorization: `Bearer ${inbox.token}` } },
    });
  return list;
}

/** `SELECT 1` on open connections for a second, no HTTP: the bare round trip. */
async function bareRoundTrip(origin: string, connections: number) {
  const response = await fetch(`${origin}/bench/driver?ms=1000&concurrency=${connections}`);
  const { latencies, seconds } = (await response.json()) as { latencies: number[]; seconds: number };
  const sorted = latencies.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), perSecond: sorted.length / seconds };
}

/** Every scenario on one database, in interleaved rounds; each figure is the median round. */
export async function measureDatabase(
  config: ApiBenchConfig,
  database: string,
  databaseUrls?: string[],
): Promise<DatabaseFigures> {
  const { connections, seconds } = config;
  const dbEnv = (i: number): Record<string, string> => (databaseUrls ? { BENCH_DATABASE_URL: databaseUrls[i]! } : {});
  const main = await startApiServer({
    ...dbEnv(0),
    BENCH_TEMPLATES: String(config.templates),
    BENCH_TEMPLATE_CHARS: String(config.templateChars),
    BENCH_PORT: config.nextPort(),
  });
  const inboxes = await Promise.all(
    INBOX_SIZES.map(async (stored, i) => {
      const server = await startApiServer({
        ...dbEnv(i + 1),
        BENCH_TEMPLATES: "0",
        BENCH_CONTACTS: String(stored),
        BENCH_PORT: config.nextPort(),
      });
      const first = await fetch(server.origin + INBOX_PATH, { headers: { authorization: `Bearer ${server.token}` } });
      if (!first.ok) throw new Error(`inbox page with ${stored} messages: ${first.status} ${await first.text()}`);
      return { ...server, stored, rows: ((await first.json()) as unknown[]).length };
    }),
  );
  try {
    const list = scenarios(config.templates, main, inboxes);
    const run = (s: Scenario, duration = seconds) => loadRun(s.name, { ...s.options, connections, seconds: duration });
    console.log(
      `bench:api: ${database}: warm-up, then ${config.rounds} rounds of ${list.length} scenarios x ${seconds} s`,
    );
    // Warm-up, so JIT and caches do not count against the first scenario.
    for (const s of list) await run(s, 2);
    // Rounds of all scenarios, interleaved, so a passing disturbance on this shared machine skews one round
    // of every scenario rather than all of one.
    const rounds: Summary[][] = [];
    const bare: Awaited<ReturnType<typeof bareRoundTrip>>[] = [];
    for (let round = 0; round < config.rounds; round++) {
      const results: Summary[] = [];
      for (const s of list) results.push(await run(s));
      rounds.push(results);
      bare.push(await bareRoundTrip(main.origin, connections));
    }
    const ratio = (i: number, j: number, key: "p50" | "p95") => median(rounds.map((r) => r[i]![key] / r[j]![key]));
    const figures = list.map((s, i) => {
      const summary = medianRound(rounds.map((r) => r[i]!));
      const p95VsSelectOne = ratio(i, 0, "p95");
      return {
        ...summary,
        role: s.role,
        p95VsSelectOne,
        ...(s.role === "api" ? { pass: meetsApiTarget(summary, p95VsSelectOne) } : {}),
      };
    });
    const inboxAt = list.findIndex((s) => s.role === "inbox");
    return {
      database,
      scenarios: figures,
      bareRoundTrip: {
        p50: median(bare.map((b) => b.p50)),
        p95: median(bare.map((b) => b.p95)),
        perSecond: Math.round(median(bare.map((b) => b.perSecond))),
      },
      inbox: {
        sizes: inboxes.map(({ stored, rows }) => ({ stored, rows })),
        ratio: { p50: ratio(inboxAt + 1, inboxAt, "p50"), p95: ratio(inboxAt + 1, inboxAt, "p95") },
      },
      pass: figures.every((f) => f.pass !== false),
    };
  } finally {
    main.stop();
    for (const inbox of inboxes) inbox.stop();
    await Promise.all([main, ...inboxes].map((s) => new Promise((done) => s.child.once("exit", done))));
  }
}
