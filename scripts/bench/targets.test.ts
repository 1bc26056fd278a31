import { describe, expect, it } from "vitest";
import { atMost, kb, median, sec } from "./targets";

describe("median", () => {
  it.each([
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[Number.NaN, 5, 1], 3],
    [[], Number.NaN],
  ])("%j -> %d", (values, expected) => expect(median(values)).toBe(expected));
});

describe("atMost", () => {
  it.each([
    [1000, 1000, true],
    [1001, 1000, false],
    [Number.NaN, 1000, false],
  ])("%d against %d", (value, limit, pass) => expect(atMost("/", "fcp", value, limit, sec).pass).toBe(pass));
  it("formats the limit", () => expect(atMost("/", "js", 2048, 8192, kb).limit).toBe("<= 8.0 KB"));
});
