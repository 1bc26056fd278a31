/**
 * bench:faults: issue 10's fault and hostile-input suites (they run in `npm test` too) run once more for the
 * report, through Vitest's JSON reporter: every test's outcome and time.
 */
import * as z from "zod";

/**
 * The suites the report shows: database faults; every endpoint under hostile input; sign-in under attack,
 * which also holds the missing-secret case (production fails closed with 503).
 */
export const FAULT_SUITES = [
  "netlify/tests/db-faults.test.ts",
  "netlify/tests/security.test.ts",
  "netlify/tests/login-throttle.test.ts",
] as const;

/** The part of Vitest's JSON report this reads. */
const vitestJsonSchema = z.object({
  testResults: z.array(
    z.object({
      name: z.string(),
      assertionResults: z.array(z.object({ fullName: z.string(), status: z.string(), duration: z.number().nullish() })),
    }),
  ),
});

export interface FaultTest {
  /** The suite's path, relative to the project. */
  file: string;
  name: string;
  status: "passed" | "failed" | "skipped";
  durationMs: number | null;
}

/** Each test of a Vitest JSON report, with paths relative to `root`. */
export function faultTests(report: unknown, root: string): FaultTest[] {
  const { testResults } = vitestJsonSchema.parse(report);
  return testResults.flatMap((suite) =>
    suite.assertionResults.map((t) => ({
      file: suite.name.startsWith(`${root}/`) ? suite.name.slice(root.length + 1) : suite.name,
      name: t.fullName,
      status: t.status === "passed" || t.status === "failed" ? t.status : "skipped",
      durationMs: t.duration == null ? null : Math.round(t.duration),
    })),
  );
}
