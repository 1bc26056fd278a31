import { afterEach, describe, expect, it, vi } from "vitest";
import { PORTAL_AUTH_UNCONFIGURED } from "./config";
import { issueToken, verifyToken } from "./auth/tokens";
import { env, portalSecret, resetEnv } from "./env";

const saved = process.env.PORTAL_JWT_SECRET;

describe("PORTAL_JWT_SECRET fails closed", () => {
  afterEach(() => {
    process.env.PORTAL_JWT_SECRET = saved;
    if (saved === undefined) delete process.env.PORTAL_JWT_SECRET;
    resetEnv();
    vi.restoreAllMocks();
  });

  it.each([
    ["unset", undefined, /PORTAL_JWT_SECRET is not set/],
    ["empty", "", /PORTAL_JWT_SECRET is not set/],
    ["shorter than 32 bytes", "x".repeat(31), /PORTAL_JWT_SECRET must be at least 32 bytes/],
  ])("%s: refuses to issue or accept tokens (503), naming the variable", async (_name, secret, message) => {
    if (secret === undefined) delete process.env.PORTAL_JWT_SECRET;
    else process.env.PORTAL_JWT_SECRET = secret;
    resetEnv();
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => portalSecret()).toThrow(message);
    const unconfigured = { status: 503, message: PORTAL_AUTH_UNCONFIGURED };
    await expect(
      issueToken("00000000-0000-4000-8000-000000000000", "00000000-0000-4000-8000-0000000000a1", false),
    ).rejects.toMatchObject(unconfigured);
    await expect(verifyToken("a.b.c")).rejects.toMatchObject(unconfigured);
  });

  it("a short secret leaves the rest of the environment usable (only portal sign-in is off)", () => {
    process.env.PORTAL_JWT_SECRET = "x".repeat(31);
    resetEnv();
    expect(() => env()).not.toThrow();
  });

  it("accepts 32 bytes and round-trips a token", async () => {
    process.env.PORTAL_JWT_SECRET = "y".repeat(32);
    resetEnv();
    const token = await issueToken(
      "00000000-0000-4000-8000-000000000000",
      "00000000-0000-4000-8000-0000000000a1",
      false,
    );
    expect(await verifyToken(token)).toMatchObject({
      userId: "00000000-0000-4000-8000-000000000000",
      sessionId: "00000000-0000-4000-8000-0000000000a1",
    });
  });

  it("a changed secret is picked up at once: tokens signed with the old one stop verifying", async () => {
    process.env.PORTAL_JWT_SECRET = "old-".padEnd(40, "o");
    resetEnv();
    const token = await issueToken(
      "00000000-0000-4000-8000-000000000000",
      "00000000-0000-4000-8000-0000000000a1",
      false,
    );
    expect(await verifyToken(token)).toBeDefined();
    process.env.PORTAL_JWT_SECRET = "new-".padEnd(40, "n");
    resetEnv();
    expect(await verifyToken(token)).toBeUndefined();
  });
});

describe("TRUST_PROXY_HEADERS", () => {
  const saved = process.env.TRUST_PROXY_HEADERS;
  afterEach(() => {
    process.env.TRUST_PROXY_HEADERS = saved;
    if (saved === undefined) delete process.env.TRUST_PROXY_HEADERS;
    resetEnv();
  });

  it.each([
    [undefined, false],
    ["", false],
    ["0", false],
    ["false", false],
    ["1", true],
    ["true", true],
    [" TRUE ", true],
  ])("%j -> %s", (value, trusted) => {
    if (value === undefined) delete process.env.TRUST_PROXY_HEADERS;
    else process.env.TRUST_PROXY_HEADERS = value;
    resetEnv();
    expect(env().TRUST_PROXY_HEADERS).toBe(trusted);
  });

  it("any other value is an error naming the variable", () => {
    process.env.TRUST_PROXY_HEADERS = "yes please";
    resetEnv();
    expect(() => env()).toThrow(/TRUST_PROXY_HEADERS/);
  });
});
