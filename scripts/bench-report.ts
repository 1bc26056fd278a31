/**
 * npm run bench:report — folds the figures every bench left in bench-results/ into bench/REPORT.md and
 * bench/report.json, naming the machine. A bench without results is reported as not run, with its command.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import { machine } from "./bench/machine";
import { buildReport } from "./bench/report/report";
import { readAllResults } from "./bench/results";

const { markdown, json } = buildReport(readAllResults(), machine(), new Date().toISOString());
mkdirSync("bench", { recursive: true });
// Formatted as `npm run lint` checks the tree.
const write = async (file: string, text: string, parser: string) =>
  writeFileSync(file, await format(text, { ...(await resolveConfig(file)), parser }));
await write("bench/REPORT.md", markdown, "markdown");
await write("bench/report.json", JSON.stringify(json), "json");
console.log("bench:report: wrote bench/REPORT.md and bench/report.json");
