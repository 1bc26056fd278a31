/** bench:faults in the report: the fault and hostile-input suites, test by test. */
import type { FaultsResults } from "../results";
import { ms, table, verdict, type Figure, type SectionBody } from "./format";

/** One row per suite with its counts, then every test with its outcome and time. */
export function faultsSection(f: FaultsResults): SectionBody {
  const counted = f.suites.map((suite) => {
    const tests = f.tests.filter((t) => t.file === suite);
    const n = (status: string) => tests.filter((t) => t.status === status).length;
    return { suite, passed: n("passed"), failed: n("failed"), skipped: n("skipped") };
  });
  const judged = f.tests.filter((t) => t.status !== "skipped");
  const figures: Figure[] = judged.map((t) => ({
    subject: t.file,
    figure: t.name,
    measured: t.status,
    value: t.durationMs,
    unit: "ms",
    target: "passes",
    pass: t.status === "passed",
  }));
  return {
    lines: [
      "The database fault suite (unreachable, slowed with `pg_sleep`, failing halfway through a write, COMMIT turned into ROLLBACK), the security suite (every route and method with hostile bodies, deep nesting, huge strings and wrong content types, forged tokens, stored XSS, timing, rate limits) and sign-in under attack (throttles, and a missing or short secret failing closed with 503 and nothing written), on PGlite and, with `TEST_DATABASE_URL`, PostgreSQL. The same suites run in `npm test`.",
      "",
      ...table(
        ["suite", "passed", "failed", "skipped", "result"],
        counted.map((c) => [
          `\`${c.suite}\``,
          String(c.passed),
          String(c.failed),
          String(c.skipped),
          verdict(c.failed === 0 && c.passed > 0),
        ]),
      ),
      "",
      ...table(
        ["test", "result", "time"],
        judged.map((t) => [t.name, t.status === "passed" ? "PASS" : "**FAIL**", ms(t.durationMs)]),
      ),
    ],
    figures,
    targets: { met: judged.filter((t) => t.status === "passed").length, total: judged.length },
  };
}
