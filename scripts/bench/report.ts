import { cpus, loadavg, totalmem } from "node:os";
import { loadPasses, type LoadFigures } from "./load-stats";

/** The machine a report was measured on. */
export function machine(): {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  loadAverage: number;
} {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model ?? "unknown",
    cores: cpu.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    // Other work on a shared machine shows here; figures taken under a high load are not the app's own.
    loadAverage: Math.round(loadavg()[0]! * 10) / 10,
  };
}

/** bench/REPORT.md: each figure beside its target. */
export function reportMarkdown(
  date: string,
  host: ReturnType<typeof machine>,
  load: LoadFigures[],
  extra: string[],
): string {
  const rows = load.map(
    (r) =>
      `| ${r.database} | ${r.connections} x ${r.seconds} s | ${r.requests} (${r.perSecond}/s) | ${r.p50} | ${r.p95} | ${r.p99} | ${r.status5xx} (target 0) | ${r.writesAcknowledged} / ${r.rowsCounted} / ${r.lostWrites} (target 0 lost) | ${loadPasses(r) ? "PASS" : "FAIL"} |`,
  );
  return [
    "# Benchmark report",
    "",
    `Measured ${date} on ${host.cpu}, ${host.cores} cores, ${host.memoryGiB} GiB, Node ${host.node}, ${host.platform}; 1-minute load average ${host.loadAverage} when the report was written.`,
    "Written by `npm run bench`; the machine is shared, so figures vary between runs.",
    "",
    "## Load: production-like server (`scripts/serve-prod.ts`), mixed reads and writes",
    "",
    "Template list, template create and update, contact post, inbox read, round-robin per connection.",
    "",
    "| database | load | requests | p50 ms | p95 ms | p99 ms | 5xx | writes acked / rows / lost | result |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    ...extra,
    "",
  ].join("\n");
}
