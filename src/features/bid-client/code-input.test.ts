import { describe, expect, it } from "vitest";
import { codeError, normaliseCode } from "./code-input";

describe("the confirmation code", () => {
  it.each([
    ["123456", "123456"],
    ["123 456", "123456"],
    ["123-456", "123456"],
    [" 12 34 56 ", "123456"],
    ["1234567", "123456"],
    ["abc", ""],
  ])("normalises %j to %j", (input, expected) => {
    expect(normaliseCode(input)).toBe(expected);
  });

  it.each(["123456", "123 456", "123-456"])("accepts %j", (input) => {
    expect(codeError(input)).toBeUndefined();
  });

  it.each(["", "12345", "1234567", "12345a", "12.3456"])("refuses %j with the digits it wants", (input) => {
    expect(codeError(input)).toBe("Enter the 6-digit code from the e-mail");
  });
});
