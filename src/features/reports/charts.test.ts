import { describe, expect, test } from "vitest";
import {
  bands,
  funnelTotals,
  hours,
  linePath,
  niceMax,
  percent,
  periodLabel,
  pivotWeekly,
  stack,
  ticks,
  yScale,
} from "./charts";

describe("niceMax", () => {
  test.each([
    [0, 1],
    [-3, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [12, 20],
    [50, 50],
    [51, 100],
    [0.3, 0.5],
  ])("%d → %d", (max, top) => expect(niceMax(max)).toBe(top));
});

test("ticks from 0 to the top, evenly", () => {
  expect(ticks(20)).toEqual([0, 5, 10, 15, 20]);
});

test("yScale maps 0 to the bottom and the top to the top edge", () => {
  const y = yScale(10, 200, 20);
  expect([y(0), y(10), y(5)]).toEqual([200, 20, 110]);
});

test("bands split the width evenly with a gap", () => {
  expect(bands(2, 0, 100, 0.2)).toEqual([
    { x: 5, width: 40 },
    { x: 55, width: 40 },
  ]);
  expect(bands(0, 0, 100)).toEqual([]);
});

test("pivotWeekly: weeks in order, sources by total, missing cells 0", () => {
  const grid = pivotWeekly([
    { week: "2026-11-16", source: "direct", leads: 1 },
    { week: "2026-11-09", source: "google", leads: 3 },
    { week: "2026-11-16", source: "google", leads: 2 },
  ]);
  expect(grid.weeks).toEqual(["2026-11-09", "2026-11-16"]);
  expect(grid.sources).toEqual(["google", "direct"]);
  expect(grid.count("2026-11-09", "direct")).toBe(0);
  expect(grid.count("2026-11-16", "google")).toBe(2);
});

test("stack piles the counts from the bottom up", () => {
  expect(stack([2, 0, 3])).toEqual([
    [0, 2],
    [2, 2],
    [2, 5],
  ]);
});

test("linePath breaks at gaps", () => {
  expect(linePath([{ x: 0, y: 10 }, { x: 5.04, y: 2 }, null, { x: 20, y: 1 }])).toBe("M0,10 L5,2 M20,1");
  expect(linePath([])).toBe("");
});

test("funnelTotals adds the months and divides, null when dividing by zero", () => {
  const row = (leads: number, proposals: number, accepted: number) => ({
    month: "2026-10",
    leads,
    proposals,
    accepted,
    proposalRate: null,
    acceptRate: null,
  });
  expect(funnelTotals([row(6, 2, 1), row(4, 2, 0)])).toEqual({
    leads: 10,
    proposals: 4,
    accepted: 1,
    proposalRate: 0.4,
    acceptRate: 0.25,
  });
  expect(funnelTotals([]).proposalRate).toBeNull();
});

test.each([
  [percent(0.425), "43%"],
  [percent(null), "—"],
  [hours(90), "1.5 h"],
  [hours(null), "—"],
  [periodLabel("2026-11-23"), "Nov 23"],
  [periodLabel("2026-11"), "Nov 2026"],
])("labels: %s", (got, want) => expect(got).toBe(want));
