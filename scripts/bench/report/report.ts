/**
 * bench/REPORT.md and bench/report.json from the results every bench left: a pure function of those
 * results, the machine and the date. A bench without results shows as not run, with its command.
 */
import type { Machine } from "../machine";
import { BENCHES, RESULTS_DIR, type BenchName, type BenchResults } from "../results";
import { apiSection } from "./api";
import { host, table, when, type Figure, type SectionBody } from "./format";
import { faultsSection } from "./faults";
import { loadSection } from "./load";
import { portalSection, proposalSection } from "./portal";
import { siteSection } from "./site";

/** The report's sections, in order, with what each is about. */
const SECTIONS: { bench: BenchName; title: string }[] = [
  { bench: "site", title: "Public pages and portal screens: Lighthouse, bytes, requests, JavaScript" },
  { bench: "api", title: "API latency and throughput" },
  { bench: "load", title: "Load: production-like server, mixed reads and writes" },
  { bench: "faults", title: "Faults and hostile input" },
  { bench: "proposal", title: "Proposal editor with 200 saved proposals" },
  { bench: "portal", title: "Signature export" },
];

/** One bench in report.json. */
export interface BenchReport {
  bench: BenchName;
  title: string;
  command: string;
  status: "ok" | "not run" | "unreadable";
  reason?: string;
  measured?: string;
  machine?: Machine;
  targets?: { met: number; total: number };
  figures: Figure[];
}

function body(bench: BenchName, results: BenchResults): SectionBody | undefined {
  switch (bench) {
    case "api":
      return results.api.status === "ok" ? apiSection(results.api.data) : undefined;
    case "site":
      return results.site.status === "ok" ? siteSection(results.site.data) : undefined;
    case "portal":
      return results.portal.status === "ok" ? portalSection(results.portal.data) : undefined;
    case "proposal":
      return results.proposal.status === "ok" ? proposalSection(results.proposal.data) : undefined;
    case "load":
      return results.load.status === "ok" ? loadSection(results.load.data) : undefined;
    case "faults":
      return results.faults.status === "ok" ? faultsSection(results.faults.data) : undefined;
  }
}

/** bench/REPORT.md (unformatted Markdown) and bench/report.json's content. */
export function buildReport(results: BenchResults, machine: Machine, date: string) {
  const benches: (BenchReport & { lines: string[] })[] = SECTIONS.map(({ bench, title }) => {
    const loaded = results[bench];
    const command = BENCHES[bench].command;
    if (loaded.status !== "ok") {
      const reason = loaded.status === "unreadable" ? loaded.reason : undefined;
      const lines = [
        `Not run. Run \`${command}\` (it writes ${RESULTS_DIR}/${BENCHES[bench].file}), then \`npm run bench:report\`.`,
      ];
      if (reason) lines.unshift(`Unreadable: ${reason}.`);
      return { bench, title, command, status: loaded.status, ...(reason ? { reason } : {}), figures: [], lines };
    }
    const section = body(bench, results)!;
    const ran = loaded.data;
    const at = ran.machine
      ? `Measured ${when(ran.date)}, 1-minute load average ${ran.machine.loadAverage}.`
      : `Measured ${when(ran.date)} (its results file records no load average).`;
    return {
      bench,
      title,
      command,
      status: "ok" as const,
      measured: ran.date,
      ...(ran.machine ? { machine: ran.machine } : {}),
      targets: section.targets,
      figures: section.figures,
      lines: [at, "", ...section.lines],
    };
  });

  const summary = table(
    ["command", "measures", "measured", "load average", "targets met"],
    benches.map((b) => [
      `\`${b.command}\``,
      b.title,
      b.status === "ok" ? when(b.measured!) : b.status,
      b.machine ? String(b.machine.loadAverage) : "",
      b.targets ? (b.targets.total ? `${b.targets.met} / ${b.targets.total}` : "none set") : "",
    ]),
  );
  const markdown = [
    "# Benchmark report",
    "",
    `Written ${when(date)} on ${host(machine)}; 1-minute load average ${machine.loadAverage} when the report was written.`,
    "Written by `npm run bench` (each bench, then `npm run bench:report`). Each figure stands beside its target and, where there is one, its reference. The machine is shared with other work, so figures vary between runs: each section gives the load average its bench ran under.",
    "",
    ...summary,
    "",
    ...benches.flatMap((b) => [`## ${b.title} (\`${b.command}\`)`, "", ...b.lines, ""]),
  ].join("\n");
  const json = {
    date,
    machine,
    benches: benches.map(({ lines: _lines, ...rest }) => rest),
  };
  return { markdown, json };
}
