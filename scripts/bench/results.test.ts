import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NONE_RUN, PORTAL } from "./report/fixtures";
import { readAllResults, readResults, writeResults } from "./results";

const scratch = () => mkdtempSync(join(tmpdir(), "bench-results-"));

describe("readResults", () => {
  it("reports a missing file as not run", () => {
    expect(readAllResults(scratch())).toEqual(NONE_RUN);
  });

  it.each([
    ["{", /portal\.json is not JSON/],
    [JSON.stringify({ medianMs: 5 }), /portal\.json is not what the report reads \(date: .*\); run it again/],
  ])("reports %s as unreadable, naming the file and what failed", (text, reason) => {
    const dir = scratch();
    writeFileSync(join(dir, "portal.json"), text);
    const read = readResults("portal", dir);
    expect(read.status).toBe("unreadable");
    expect(read.status === "unreadable" && read.reason).toMatch(reason);
  });

  it("reads back what writeResults wrote, stamped with the date and this machine", () => {
    const dir = scratch();
    const { date: _date, machine: _machine, ...figures } = PORTAL;
    writeResults("portal", { ...figures, extra: "kept in the file, not read" }, dir);
    const read = readResults("portal", dir);
    expect(read.status).toBe("ok");
    if (read.status !== "ok") return;
    expect(read.data).toMatchObject(figures);
    expect(read.data.machine?.cores).toBeGreaterThan(0);
    expect(Date.parse(read.data.date)).not.toBeNaN();
  });
});
