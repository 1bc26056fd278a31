// npm run coverage's last step: lines and branches covered in src/server and src/lib, from Vitest's v8 coverage
// (coverage/coverage-summary.json, one entry per file).
import { readFileSync } from "node:fs";
import path from "node:path";

interface Counts {
  total: number;
  covered: number;
}
type Summary = Record<string, { lines: Counts; branches: Counts }>;

const summary = JSON.parse(readFileSync("coverage/coverage-summary.json", "utf8")) as Summary;
const root = path.resolve(".");
const percent = ({ total, covered }: Counts) => (total ? ((100 * covered) / total).toFixed(2) : "100.00");

for (const folder of ["src/server", "src/lib"]) {
  const sum = { lines: { total: 0, covered: 0 }, branches: { total: 0, covered: 0 } };
  for (const [file, counts] of Object.entries(summary)) {
    if (file === "total" || !path.relative(root, file).startsWith(`${folder}/`)) continue;
    for (const kind of ["lines", "branches"] as const) {
      sum[kind].total += counts[kind].total;
      sum[kind].covered += counts[kind].covered;
    }
  }
  console.log(`${folder}: lines ${percent(sum.lines)} %, branches ${percent(sum.branches)} %`);
}
