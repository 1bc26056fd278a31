// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SECRET_STORAGE_KEY, secretFromHash, takeSecret } from "./secret";

const SECRET = "A".repeat(21) + "_-" + "z9".repeat(10);

/** A window at /bid with `hash`, its history's replaceState recorded. */
const at = (hash: string) => ({
  location: { hash, pathname: "/bid", search: "?utm=x" },
  history: { replaceState: vi.fn() },
  sessionStorage,
});

describe("the link's secret", () => {
  beforeEach(() => sessionStorage.clear());

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
    const win = at(`#${SECRET}`);
    expect(takeSecret(win as unknown as Window)).toBe(SECRET);
    expect(win.history.replaceState).toHaveBeenCalledWith(null, "", "/bid?utm=x");
  });

  it("survives a reload of the tab, without the fragment", () => {
    takeSecret(at(`#${SECRET}`) as unknown as Window);
    const reloaded = at("");
    expect(takeSecret(reloaded as unknown as Window)).toBe(SECRET);
    expect(reloaded.history.replaceState).not.toHaveBeenCalled();
  });

  it("a malformed fragment is removed, yields no secret, and forgets an earlier one", () => {
    sessionStorage.setItem(SECRET_STORAGE_KEY, SECRET);
    const win = at("#nope");
    expect(takeSecret(win as unknown as Window)).toBeNull();
    expect(win.history.replaceState).toHaveBeenCalledOnce();
    expect(sessionStorage.getItem(SECRET_STORAGE_KEY)).toBeNull();
  });
});
