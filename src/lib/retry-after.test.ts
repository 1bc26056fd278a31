import { describe, expect, test } from "vitest";
import { formatWait, parseRetryAfter } from "./retry-after";

describe("parseRetryAfter", () => {
  test.each([
    [null, undefined],
    ["", undefined],
    ["  ", undefined],
    ["0", 0],
    ["120", 120],
    ["1.5", undefined],
    [" 7 ", 7],
    ["soon", undefined],
    ["-5", undefined],
    ["Thu, 01 Jan 2026 12:01:30 GMT", undefined],
  ])("%j -> %j", (header, expected) => {
    expect(parseRetryAfter(header)).toBe(expected);
  });
});

describe("formatWait", () => {
  test.each([
    [undefined, "later"],
    [0, "in 0 seconds"],
    [1, "in 1 second"],
    [45, "in 45 seconds"],
    [59, "in 59 seconds"],
    [60, "in 1 minute"],
    [61, "in 2 minutes"],
    [600, "in 10 minutes"],
    [3600, "in 60 minutes"],
  ])("%j -> %s", (seconds, expected) => {
    expect(formatWait(seconds)).toBe(expected);
  });
});
