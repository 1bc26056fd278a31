/**
 * npm run bench:faults — issue 10's fault and hostile-input results for the report: the database fault
 * suite (unreachable, slowed with pg_sleep, failing halfway through a write, COMMIT turned into ROLLBACK),
 * the security suite (every route fuzzed, forged tokens, stored XSS, timing, rate limits) and sign-in under
 * attack (including a missing secret failing closed), on PGlite and, with TEST_DATABASE_URL, PostgreSQL. Writes bench-results/faults.json.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FAULT_SUITES, faultTests } from "./bench/faults";
import { writeResults } from "./bench/results";

const dir = mkdtempSync(join(tmpdir(), "bench-faults-"));
const output = join(dir, "vitest.json");
const run = spawnSync(
  process.execPath,
  ["node_modules/vitest/vitest.mjs", "run", ...FAULT_SUITES, "--reporter=json", `--outputFile=${output}`],
  { stdio: ["ignore", "ignore", "inherit"] },
);
let tests;
try {
  tests = faultTests(JSON.parse(readFileSync(output, "utf8")), process.cwd());
} catch (error) {
  console.error(`bench:faults: no results from vitest (exit ${run.status}): ${String(error)}`);
  process.exit(1);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const failed = tests.filter((t) => t.status === "failed").length;
console.log(
  `bench:faults: ${tests.length} tests, ${tests.filter((t) => t.status === "passed").length} passed, ${failed} failed` +
    (process.env.TEST_DATABASE_URL ? "" : " (PGlite only: set TEST_DATABASE_URL for PostgreSQL too)"),
);
console.log(`bench:faults: wrote ${writeResults("faults", { suites: [...FAULT_SUITES], tests })}`);
process.exit(failed ? 1 : 0);
