import { describe, expect, it } from "vitest";
import { combineRounds, loadPasses, percentile, type LoadFigures } from "./load-stats";

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

describe("combineRounds", () => {
  const run = (p95: number, status5xx: number, lostWrites = 0): LoadFigures => ({
    database: "x",
    connections: 200,
    seconds: 30,
    requests: 1000 + p95,
    perSecond: 33,
    p50: 10,
    p95,
    p99: p95 * 2,
    status5xx,
    otherErrors: 0,
    unanswered: 0,
    writesAcknowledged: 10,
    rowsCounted: 10 - lostWrites,
    lostWrites,
  });
  it("takes the median run's figures and adds up every run's failures", () => {
    const combined = combineRounds([run(300, 0), run(100, 0), run(200, 2, 1)]);
    expect(combined).toMatchObject({ p95: 200, p99: 400, requests: 1200, status5xx: 2, lostWrites: 1, rounds: 3 });
    expect(combined.writesAcknowledged).toBe(30);
    expect(loadPasses(combined)).toBe(false);
    expect(loadPasses(combineRounds([run(300, 0), run(100, 0)]))).toBe(true);
  });
});
