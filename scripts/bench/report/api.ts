/** bench:api in the report: latency and throughput per database, beside the target and the bare database round trip. */
import { API_TARGETS } from "../api-stats";
import type { ApiResults } from "../results";
import { cell, count, ms, table, times, verdict, type Figure, type SectionBody } from "./format";

type Database = ApiResults["databases"][number];

const TARGET = `p95 ≤ ${API_TARGETS.p95Ms} ms, ≤ ${API_TARGETS.p95VsSelectOne}x SELECT 1, no errors`;

function databaseLines(d: Database, connections: number): string[] {
  const bare = d.bareRoundTrip;
  const rows = [
    [
      `reference: bare round trip (SELECT 1 on ${connections} open connections, no HTTP)`,
      count(bare.perSecond),
      ms(bare.p50),
      ms(bare.p95),
      "",
      "",
      "",
      "",
      "",
    ],
    ...d.scenarios.map((s) => {
      const p95Ok = s.role === "api" ? s.p95 !== null && s.p95 <= API_TARGETS.p95Ms : undefined;
      const ratioOk =
        s.role === "api" ? s.p95VsSelectOne !== null && s.p95VsSelectOne <= API_TARGETS.p95VsSelectOne : undefined;
      return [
        s.role === "baseline" ? `baseline: ${s.name}` : s.name,
        count(s.rps),
        ms(s.p50),
        cell(ms(s.p95), p95Ok),
        ms(s.p99),
        cell(String(s.errors), s.role === "api" ? s.errors === 0 : undefined),
        cell(times(s.p95VsSelectOne), ratioOk),
        s.role === "api" ? TARGET : "",
        verdict(s.pass),
      ];
    }),
  ];
  const [small, large] = d.inbox.sizes;
  return [
    `### ${d.database}`,
    "",
    ...table(["scenario", "req/s", "p50", "p95", "p99", "errors", "p95 / SELECT 1 p95", "target", "result"], rows),
    "",
    small && large
      ? `Inbox first page (${small.rows} rows) at ${count(large.stored)} stored messages against ${count(small.stored)}: p50 ${times(d.inbox.ratio.p50)}, p95 ${times(d.inbox.ratio.p95)} (an indexed page should cost the same at both sizes).`
      : "",
  ];
}

function databaseFigures(d: Database): Figure[] {
  const reference = `bare SELECT 1 on ${d.database}: p50 ${ms(d.bareRoundTrip.p50)}, p95 ${ms(d.bareRoundTrip.p95)}`;
  return d.scenarios.flatMap((s) => {
    const subject = `${d.database}: ${s.name}`;
    const api = s.role === "api";
    return [
      { subject, figure: "requests per second", measured: count(s.rps), value: s.rps, unit: "per second" as const },
      { subject, figure: "p50", measured: ms(s.p50), value: s.p50, unit: "ms" as const, reference },
      {
        subject,
        figure: "p95",
        measured: ms(s.p95),
        value: s.p95,
        unit: "ms" as const,
        reference,
        ...(api ? { target: `≤ ${API_TARGETS.p95Ms} ms`, pass: s.p95 !== null && s.p95 <= API_TARGETS.p95Ms } : {}),
      },
      {
        subject,
        figure: "p95 / SELECT 1 (same stack) p95",
        measured: times(s.p95VsSelectOne),
        value: s.p95VsSelectOne,
        unit: "ratio" as const,
        ...(api
          ? {
              target: `≤ ${API_TARGETS.p95VsSelectOne}x`,
              pass: s.p95VsSelectOne !== null && s.p95VsSelectOne <= API_TARGETS.p95VsSelectOne,
            }
          : {}),
      },
      {
        subject,
        figure: "non-2xx and errors",
        measured: String(s.errors),
        value: s.errors,
        unit: "count" as const,
        ...(api ? { target: "0", pass: s.errors === 0 } : {}),
      },
    ];
  });
}

/** bench:api's section. */
export function apiSection(api: ApiResults): SectionBody {
  const judged = api.databases.flatMap((d) => d.scenarios.filter((s) => s.role === "api").map((s) => s.pass === true));
  return {
    lines: [
      `autocannon, ${api.connections} connections, against the real handlers in a separate process; every figure is the median of ${api.rounds} rounds of ${api.secondsPerRound} s (scenarios interleaved), ${api.templates} templates in the list. Target (issue 2): ${TARGET}. Reference: the bare database round trip, measured in the same run on the same database. On PostgreSQL every request opens its own connection, as the production driver does, and the SELECT 1 baseline carries that cost too.`,
      "",
      ...api.databases.flatMap((d) => [...databaseLines(d, api.connections), ""]),
    ],
    figures: api.databases.flatMap(databaseFigures),
    targets: { met: judged.filter(Boolean).length, total: judged.length },
  };
}
