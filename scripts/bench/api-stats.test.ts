import { describe, expect, it } from "vitest";
import { medianRound, meetsApiTarget, percentile, summarize, type Summary } from "./api-stats";

describe("percentile (nearest rank)", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
  it.each([
    [50, 50],
    [95, 95],
    [99, 99],
    [100, 100],
    [0, 1],
  ])("p%d of 1..100 is %d", (p, expected) => expect(percentile(hundred, p)).toBe(expected));
  it("is NaN for no samples", () => expect(percentile([], 95)).toBeNaN());
});

describe("summarize", () => {
  it("sorts, counts and rates", () => {
    const s = summarize("x", [3, 1, 2, 4], 2, 0);
    expect(s).toMatchObject({ requests: 4, rps: 2, p50: 2, p95: 4, p99: 4 });
  });
});

const run = (p95: number, errors = 0): Summary => ({
  name: String(p95),
  requests: 1,
  rps: 1,
  p50: 1,
  p95,
  p99: p95,
  errors,
});

describe("medianRound", () => {
  it.each([
    [[30, 10, 20], 20],
    [[40, 10, 30, 20], 20],
    [[7], 7],
  ])("p95s %j -> the round with %d", (p95s, expected) =>
    expect(medianRound(p95s.map((p) => run(p))).p95).toBe(expected),
  );
});

describe("meetsApiTarget", () => {
  it.each([
    ["within both bounds", run(20), 2, true],
    ["over 25 ms", run(26), 1, false],
    ["over 3x the baseline", run(16), 3.2, false],
    ["exactly at both bounds", run(25), 3, true],
    ["any error", run(5, 1), 1, false],
  ])("%s", (_name, scenario, ratio, pass) => expect(meetsApiTarget(scenario, ratio)).toBe(pass));
});
