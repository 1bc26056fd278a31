/**
 * npm run bench:report — folds the figures the bench scripts left in bench-results/ into bench/REPORT.md
 * and bench/report.json, naming the machine. Figures a script did not produce are reported as missing.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { LoadFigures } from "./bench/load-stats";
import { machine, reportMarkdown } from "./bench/report";

const read = <T>(file: string): T | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : undefined;

const load = read<{ date: string; runs: LoadFigures[] }>("bench-results/load.json");
const site = read<Record<string, unknown>>("bench-results/site.json");
const api = read<Record<string, unknown>>("bench-results/api.json");
const host = machine();
const date = new Date().toISOString();
const extra = [
  "## Other benches",
  "",
  `- API latency and throughput (\`npm run bench:api\`): ${api ? "see bench-results/api.json" : "printed by bench:api (not yet folded into this report)"}.`,
  `- Lighthouse per public page, bytes and requests, JS per portal screen (\`npm run bench:site\`): ${site ? "bench-results/site.json" : "not run"}.`,
];
mkdirSync("bench", { recursive: true });
writeFileSync("bench/REPORT.md", reportMarkdown(date, host, load?.runs ?? [], extra));
writeFileSync(
  "bench/report.json",
  JSON.stringify({ date, machine: host, load: load?.runs ?? [], site, api }, null, 2) + "\n",
);
console.log("bench:report: wrote bench/REPORT.md and bench/report.json");
