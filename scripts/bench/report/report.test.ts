import { describe, expect, it } from "vitest";
import type { BenchName } from "../results";
import { ALL_RUN, API, LOAD, MACHINE, NONE_RUN } from "./fixtures";
import { buildReport } from "./report";

const DATE = "2026-01-03T10:00:00.000Z";
const report = buildReport(ALL_RUN, MACHINE, DATE);
const md = report.markdown;
const lines = md.split("\n");
/** The Markdown table row whose first cell is `first`, split into trimmed cells. */
const row = (first: string, from = 0) => {
  const line = lines.slice(from).find((l) => l.startsWith(`| ${first} |`));
  expect(line, `a row starting with ${first}`).toBeDefined();
  return line!
    .split("|")
    .slice(1, -1)
    .map((c) => c.trim());
};
const figure = (bench: BenchName, subject: string, name: string) =>
  report.json.benches.find((b) => b.bench === bench)!.figures.find((f) => f.subject === subject && f.figure === name);

describe("buildReport with no results", () => {
  const empty = buildReport(NONE_RUN, MACHINE, DATE);

  it.each([
    ["site", "npm run bench:site"],
    ["api", "npm run bench:api"],
    ["load", "npm run bench:load"],
    ["proposal", "npm run bench:proposal"],
    ["portal", "npm run bench:portal"],
  ] satisfies [BenchName, string][])("shows %s as not run, with the command to run", (bench, command) => {
    expect(empty.markdown).toContain(`Not run. Run \`${command}\``);
    expect(empty.json.benches.find((b) => b.bench === bench)).toMatchObject({
      status: "not run",
      command,
      figures: [],
    });
  });

  it("says why results could not be read", () => {
    const reason = "bench-results/api.json is not JSON (Unexpected end)";
    const broken = buildReport({ ...NONE_RUN, api: { status: "unreadable", reason } }, MACHINE, DATE);
    expect(broken.markdown).toContain(`Unreadable: ${reason}.`);
    expect(broken.json.benches.find((b) => b.bench === "api")).toMatchObject({ status: "unreadable", reason });
  });
});

describe("buildReport", () => {
  it("names the machine, and when and under what load each bench ran", () => {
    expect(md).toContain("Written 2026-01-03 10:00 UTC on Test CPU, 2 cores, 8 GiB, Node v24.0.0, linux x64");
    expect(md).toContain("Measured 2026-01-02 03:04 UTC, 1-minute load average 0.5.");
    expect(report.json.machine).toEqual(MACHINE);
  });

  it("counts the targets each bench met, and says when none is set", () => {
    expect(row("`npm run bench:site`").at(-1)).toBe("3 / 6");
    expect(row("`npm run bench:api`").at(-1)).toBe("1 / 2");
    expect(row("`npm run bench:portal`").at(-1)).toBe("none set");
  });

  it("puts Lighthouse medians under their targets, marking misses and 404-inherent ones", () => {
    expect(row("target")).toEqual(["target", "100", "100", "100", "100", "≤ 1.00 s", "≤ 1.50 s", "≤ 50 ms", "≤ 0.020"]);
    expect(row("/").slice(5, 7)).toEqual(["0.90 s", "**1.62 s** ✗"]);
    expect(row("/missing (404)")[4]).toBe("66 (inherent to a 404)");
  });

  it("puts bytes and requests beside the target and the Web Almanac's median page", () => {
    const weights = lines.indexOf("### Bytes and requests per page");
    expect(row("reference: Web Almanac 2024 median mobile page", weights).slice(1, 4)).toEqual([
      "2311.0 KB",
      "70",
      "558.0 KB",
    ]);
    expect(row("/", weights).slice(1, 3)).toEqual(["120.0 KB", "9"]);
    expect(figure("site", "/", "total transfer")).toMatchObject({
      value: 120 * 1024,
      unit: "bytes",
      target: "<= 300.0 KB",
      pass: true,
      reference: expect.stringContaining("2311.0 KB"),
    });
  });

  it("lists portal screens' JavaScript and flags an editor library loaded up front", () => {
    expect(row("/portal/proposal-editor")).toEqual(["/portal/proposal-editor", "90.0 KB", "160.0 KB"]);
    expect(md).toContain("html2canvas **UP FRONT** ✗");
    expect(figure("site", "/portal/proposal-editor", "html2canvas loaded")).toMatchObject({ pass: false });
  });

  it("sets API latency beside the target and the bare database round trip of the same run", () => {
    expect(row("reference: bare round trip (SELECT 1 on 50 open connections, no HTTP)").slice(1, 4)).toEqual([
      "20,000",
      "0.4 ms",
      "1.2 ms",
    ]);
    const templates = row("GET /api/portal/templates (100 rows)");
    expect(templates[3]).toBe("**40 ms** ✗");
    expect(templates.at(-1)).toBe("FAIL");
    expect(row("POST /api/contact").at(-1)).toBe("PASS");
    expect(figure("api", `${API.databases[0]!.database}: POST /api/contact`, "p95")).toMatchObject({
      value: 20,
      target: "≤ 25 ms",
      pass: true,
      reference: expect.stringContaining("p95 1.2 ms"),
    });
    expect(md).toContain("p95 1.10x");
  });

  it("shows each database's load runs with 5xx, unanswered requests and lost writes against 0", () => {
    const r = LOAD.runs[0]!;
    expect(md).toContain(
      `| ${r.database} | 1 x 200 connections x 30 s | 1670 (56/s) | 2049 | 6237 | 7336 | 1099 (target 0) | 0 (target 0) | 287 / 313 / 0 (target 0 lost) | FAIL |`,
    );
  });

  it("lists the fault and hostile-input suites with counts, and every judged test with its outcome", () => {
    expect(md).toContain("| `netlify/tests/db-faults.test.ts` | 1 | 0 | 0 | PASS |");
    expect(md).toContain("| `netlify/tests/security.test.ts` | 0 | 1 | 1 | FAIL |");
    expect(md).toContain(
      "| database faults a database that stops answering gives 503 JSON within 5 s | PASS | 3612 ms |",
    );
    // A pipe in a test name must not split its table cell.
    expect(md).toContain("| fuzz \\| every route | **FAIL** | 20 ms |");
    expect(md).not.toContain("PostgreSQL only");
    const faults = report.json.benches.find((b) => b.bench === "faults")!;
    expect(faults.targets).toEqual({ met: 1, total: 2 });
  });

  it("fails a load run whose requests went unanswered even without a 5xx", () => {
    const clean = { ...LOAD.runs[0]!, status5xx: 0, unanswered: 3, rounds: 3 };
    const { markdown } = buildReport(
      { ...ALL_RUN, load: { status: "ok", data: { ...LOAD, runs: [clean] } } },
      MACHINE,
      DATE,
    );
    expect(markdown).toContain("| 3 x 200 connections x 30 s |");
    expect(markdown).toMatch(/\| 0 \(target 0\) \| 3 \(target 0\) \| .* \| FAIL \|/);
  });

  it("judges proposal responses against the function limit and interactions against 1 s", () => {
    expect(row("GET /api/portal/templates (spec 7 shape; no screen reads it)")).toEqual([
      "GET /api/portal/templates (spec 7 shape; no screen reads it)",
      "7.00 MB",
      "≤ 6.00 MB (Netlify function response)",
      "FAIL",
    ]);
    expect(row("Dashboard open (navigation to card 200)").slice(1)).toEqual([
      "1200 ms",
      "1500 ms",
      "< 1000 ms",
      "FAIL",
    ]);
    expect(row("Load one proposal (click to 'Template loaded!')").at(-1)).toBe("");
  });

  it("shows the signature export's median with no target", () => {
    expect(row("Copy for Gmail/Outlook click -> clipboard").slice(1)).toEqual([
      "640 ms",
      "600 ms",
      "900 ms",
      "7",
      "none set",
    ]);
  });
});
