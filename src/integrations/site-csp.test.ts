import { describe, expect, it } from "vitest";
import { mergePolicies } from "./site-csp";

describe("mergePolicies", () => {
  it("keeps each directive once, with every source any policy allows, in first-seen order", () => {
    expect(
      mergePolicies([
        "default-src 'self'; script-src 'self' 'sha256-a'; style-src 'self' 'unsafe-inline' ;",
        "default-src 'self';script-src 'self' 'sha256-b'",
      ]),
    ).toBe("default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b'; style-src 'self' 'unsafe-inline'");
  });

  it("is the policy itself when every page has the same one", () => {
    const policy = "default-src 'self'; object-src 'none'; frame-ancestors 'none'";
    expect(mergePolicies([policy, policy])).toBe(policy);
  });
});
