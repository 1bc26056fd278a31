import { describe, expect, it } from "vitest";
import { faultTests } from "./faults";

describe("faultTests", () => {
  it("reads every test of Vitest's JSON report with its file relative to the project", () => {
    const report = {
      numTotalTests: 3,
      testResults: [
        {
          name: "/repo/netlify/tests/db-faults.test.ts",
          assertionResults: [
            { fullName: "faults a database that stops answering", status: "passed", duration: 3612.4 },
            { fullName: "faults PostgreSQL only", status: "pending", duration: null },
          ],
        },
        { name: "/elsewhere/x.test.ts", assertionResults: [{ fullName: "x", status: "failed", duration: 2 }] },
      ],
    };
    expect(faultTests(report, "/repo")).toEqual([
      {
        file: "netlify/tests/db-faults.test.ts",
        name: "faults a database that stops answering",
        status: "passed",
        durationMs: 3612,
      },
      { file: "netlify/tests/db-faults.test.ts", name: "faults PostgreSQL only", status: "skipped", durationMs: null },
      { file: "/elsewhere/x.test.ts", name: "x", status: "failed", durationMs: 2 },
    ]);
  });

  it("refuses a file that is not a Vitest JSON report", () => {
    expect(() => faultTests({ tests: [] }, "/repo")).toThrow();
  });
});
