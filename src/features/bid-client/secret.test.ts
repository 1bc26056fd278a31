import { describe, expect, it, vi } from "vitest";
import { secretFromHash, takeSecret } from "./secret";

const SECRET = "A".repeat(21) + "_-" + "z9".repeat(10);

describe("the link's secret", () => {
  it.each([
    [`#${SECRET}`, SECRET],
    [SECRET, SECRET],
    ["", null],
    ["#", null],
    [`#${SECRET}x`, null],
    [`#${SECRET.slice(1)}`, null],
    [`#${SECRET.slice(1)}=`, null],
    ["#" + "a".repeat(42) + "/", null],
  ])("reads %j as %j", (hash, expected) => {
    expect(secretFromHash(hash)).toBe(expected);
  });

  it("is taken out of the address bar, keeping the path and query", () => {
    const replaceState = vi.fn();
    const win = { location: { hash: `#${SECRET}`, pathname: "/bid", search: "?utm=x" }, history: { replaceState } };
    expect(takeSecret(win as unknown as Window)).toBe(SECRET);
    expect(replaceState).toHaveBeenCalledWith(null, "", "/bid?utm=x");
  });

  it("a malformed fragment is removed too, and yields no secret", () => {
    const replaceState = vi.fn();
    const win = { location: { hash: "#nope", pathname: "/bid", search: "" }, history: { replaceState } };
    expect(takeSecret(win as unknown as Window)).toBeNull();
    expect(replaceState).toHaveBeenCalledOnce();
  });
});
