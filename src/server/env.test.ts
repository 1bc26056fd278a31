import { afterEach, describe, expect, it } from "vitest";
import { issueToken, verifyToken } from "./auth/tokens";
import { env, jwtKey, resetEnv } from "./env";

const saved = process.env.PORTAL_JWT_SECRET;

describe("PORTAL_JWT_SECRET fails closed", () => {
  afterEach(() => {
    process.env.PORTAL_JWT_SECRET = saved;
    if (saved === undefined) delete process.env.PORTAL_JWT_SECRET;
    resetEnv();
  });

  it("refuses to issue or accept tokens when unset", async () => {
    delete process.env.PORTAL_JWT_SECRET;
    resetEnv();
    expect(() => jwtKey()).toThrow(/PORTAL_JWT_SECRET is not set/);
    await expect(issueToken("00000000-0000-4000-8000-000000000000", 0, false)).rejects.toThrow();
    await expect(verifyToken("a.b.c")).rejects.toThrow();
  });

  it("rejects a secret shorter than 32 bytes, naming the variable", () => {
    process.env.PORTAL_JWT_SECRET = "x".repeat(31);
    resetEnv();
    expect(() => env()).toThrow(/PORTAL_JWT_SECRET/);
  });

  it("accepts 32 bytes and round-trips a token", async () => {
    process.env.PORTAL_JWT_SECRET = "y".repeat(32);
    resetEnv();
    const token = await issueToken("00000000-0000-4000-8000-000000000000", 3, false);
    expect(await verifyToken(token)).toEqual({ userId: "00000000-0000-4000-8000-000000000000", version: 3 });
  });

  it("a changed secret is picked up at once: tokens signed with the old one stop verifying", async () => {
    process.env.PORTAL_JWT_SECRET = "old-".padEnd(40, "o");
    resetEnv();
    const token = await issueToken("00000000-0000-4000-8000-000000000000", 0, false);
    expect(await verifyToken(token)).toBeDefined();
    process.env.PORTAL_JWT_SECRET = "new-".padEnd(40, "n");
    resetEnv();
    expect(await verifyToken(token)).toBeUndefined();
  });
});
