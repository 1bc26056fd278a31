/** bench:load in the report, in the table bench-load.ts's owners read. */
import { loadPasses } from "../load-stats";
import type { LoadResults } from "../results";
import type { Figure, SectionBody } from "./format";

/** bench:load's section: one run per database, percentiles over all its requests. */
export function loadSection(load: LoadResults): SectionBody {
  const rows = load.runs.map(
    (r) =>
      `| ${r.database} | ${r.rounds ?? 1} x ${r.connections} connections x ${r.seconds} s | ${r.requests} (${r.perSecond}/s) | ${r.p50} | ${r.p95} | ${r.p99} | ${r.status5xx} (target 0) | ${r.unanswered} (target 0) | ${r.writesAcknowledged} / ${r.rowsCounted} / ${r.lostWrites} (target 0 lost) | ${loadPasses(r) ? "PASS" : "FAIL"} |`,
  );
  const figures: Figure[] = load.runs.flatMap((r) => [
    ...(["p50", "p95", "p99"] as const).map((p) => ({
      subject: r.database,
      figure: p,
      measured: `${r[p]} ms`,
      value: r[p],
      unit: "ms" as const,
    })),
    {
      subject: r.database,
      figure: "5xx responses",
      measured: String(r.status5xx),
      value: r.status5xx,
      unit: "count" as const,
      target: "0",
      pass: r.status5xx === 0,
    },
    {
      subject: r.database,
      figure: "requests never answered",
      measured: String(r.unanswered),
      value: r.unanswered,
      unit: "count" as const,
      target: "0",
      pass: r.unanswered === 0,
    },
    {
      subject: r.database,
      figure: "writes acknowledged but missing",
      measured: String(r.lostWrites),
      value: r.lostWrites,
      unit: "count" as const,
      target: "0",
      pass: r.lostWrites === 0,
    },
  ]);
  return {
    lines: [
      "Template list (as the dashboard requests it, `?view=summary`), template create and update, contact post, inbox read, round-robin per connection, against `scripts/serve-prod.ts`. Each database is run several times (`BENCH_LOAD_ROUNDS`): requests and percentiles are the median run's; 5xx, unanswered requests and writes are added up over all runs.",
      "",
      "| database | load | requests | p50 ms | p95 ms | p99 ms | 5xx | unanswered | writes acked / rows / lost | result |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
      ...rows,
    ],
    figures,
    targets: { met: load.runs.filter(loadPasses).length, total: load.runs.length },
  };
}
