import { describe, expect, test } from "vitest";
import { formatWait, parseRetryAfter } from "./retry-after";

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-01-01T12:00:00Z");
  test.each([
    [null, undefined],
    ["", undefined],
    ["  ", undefined],
    ["120", 120],
    [" 7 ", 7],
    ["soon", undefined],
    ["Thu, 01 Jan 2026 12:01:30 GMT", 90],
    ["Thu, 01 Jan 2026 11:00:00 GMT", 0],
  ])("%j -> %j", (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });
});

describe("formatWait", () => {
  test.each([
    [undefined, "later"],
    [0, "in a moment"],
    [1, "in a moment"],
    [45, "in 45 seconds"],
    [60, "in 1 minute"],
    [61, "in 2 minutes"],
    [3540, "in 59 minutes"],
    [3600, "in about 1 hour"],
    [7200, "in about 2 hours"],
  ])("%j -> %s", (seconds, expected) => {
    expect(formatWait(seconds)).toBe(expected);
  });
});
