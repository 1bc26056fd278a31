import { describe, expect, test } from "vitest";
import { isCurrentPath, nextHeaderHidden } from "./header";

describe("nextHeaderHidden", () => {
  test.each([
    // [wasHidden, from, to, expected, why]
    [false, 0, 50, false, "down but not past 100"],
    [false, 90, 100, false, "down to exactly 100"],
    [false, 100, 101, true, "down past 100"],
    [false, 0, 400, true, "jump down past 100"],
    [true, 400, 600, true, "keeps hiding while going down"],
    [true, 600, 590, false, "any scroll up shows it"],
    [true, 600, 600, true, "no movement keeps the state"],
    [false, 600, 600, false, "no movement keeps the state (shown)"],
    [true, 50, 10, false, "within 10 px of the top"],
    [true, 5, 8, false, "down but still within 10 px"],
    [true, 20, -30, false, "overscroll above the top"],
  ])("hidden=%s, %i -> %i: %s (%s)", (wasHidden, from, to, expected) => {
    expect(nextHeaderHidden(wasHidden, from, to)).toBe(expected);
  });
});

describe("isCurrentPath", () => {
  test.each([
    ["/", "/", true],
    ["/about", "/about", true],
    ["/about", "/about/", true],
    ["/", "/about", false],
    ["/multifamily", "/multifamily/", true],
    ["/residential", "/multifamily", false],
  ])("%s on %s -> %s", (href, path, expected) => {
    expect(isCurrentPath(href, path)).toBe(expected);
  });
});
