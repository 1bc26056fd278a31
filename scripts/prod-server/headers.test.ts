import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FRAMEWORK_CONFIG, headersFor, netlifyPathPattern, readFrameworkHeaders, type HeaderRule } from "./headers";

describe("netlifyPathPattern", () => {
  it.each([
    ["/_astro/*", "/_astro/a.js", true],
    ["/about", "/about", true],
    ["/about", "/about/", true],
    ["/about", "/about/team", false],
    ["/", "/", true],
    ["/", "/about", false],
    ["/blog/:slug", "/blog/x", true],
    ["/blog/:slug", "/blog/x/y", false],
    ["/a.b", "/aXb", false],
  ])("%s matches %s: %s", (pattern, path, expected) => expect(netlifyPathPattern(pattern).test(path)).toBe(expected));
});

describe("headersFor", () => {
  const rules: HeaderRule[] = [
    { for: "/*", values: { "X-A": "1", "X-B": "all" } },
    { for: "/portal/*", values: { "X-B": "portal" } },
  ];
  it("merges every matching rule, later ones winning", () => {
    expect(headersFor(rules, "/portal/login")).toEqual({ "X-A": "1", "X-B": "portal" });
    expect(headersFor(rules, "/about")).toEqual({ "X-A": "1", "X-B": "all" });
  });
});

describe("readFrameworkHeaders", () => {
  it("reads the adapter's rules, or none without a build", () => {
    const root = mkdtempSync(join(tmpdir(), "framework-headers-"));
    expect(readFrameworkHeaders(root)).toEqual([]);
    mkdirSync(join(root, ".netlify/v1"), { recursive: true });
    const rule = { for: "/about", values: { "Content-Security-Policy": "default-src 'self'" } };
    writeFileSync(join(root, FRAMEWORK_CONFIG), JSON.stringify({ headers: [rule] }));
    expect(readFrameworkHeaders(root)).toEqual([rule]);
  });
});
