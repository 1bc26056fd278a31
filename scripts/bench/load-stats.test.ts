import { describe, expect, it } from "vitest";
import { loadPasses, percentile, type LoadFigures } from "./load-stats";

describe("percentile", () => {
  it.each([
    [[], 0.5, 0],
    [[5], 0.99, 5],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.5, 5],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95, 10],
    [[10, 1, 5], 0.5, 5],
  ])("%j at %d -> %d", (values, q, expected) => expect(percentile(values, q)).toBe(expected));
});

describe("loadPasses", () => {
  const base: LoadFigures = {
    database: "x",
    connections: 1,
    seconds: 1,
    requests: 10,
    perSecond: 10,
    p50: 1,
    p95: 2,
    p99: 3,
    status5xx: 0,
    otherErrors: 0,
    unanswered: 0,
    writesAcknowledged: 3,
    rowsCounted: 3,
    lostWrites: 0,
  };
  it("passes with no 5xx, no unanswered request and no lost write, fails otherwise", () => {
    expect(loadPasses(base)).toBe(true);
    expect(loadPasses({ ...base, status5xx: 1 })).toBe(false);
    expect(loadPasses({ ...base, unanswered: 1 })).toBe(false);
    expect(loadPasses({ ...base, lostWrites: 1 })).toBe(false);
  });
});
