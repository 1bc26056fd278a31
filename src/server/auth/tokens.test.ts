import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TOKEN_TTL_SECONDS } from "~/schemas/limits";
import { resetEnv } from "~/server/env";
import { issueToken, verifyToken } from "./tokens";

const USER = "00000000-0000-4000-8000-000000000001";
const SESSION = "00000000-0000-4000-8000-0000000000a1";

describe("verifyToken", () => {
  beforeAll(() => {
    process.env.PORTAL_JWT_SECRET = "tokens-test-secret-".padEnd(48, "t");
    resetEnv();
  });
  afterEach(() => vi.useRealTimers());

  it("accepts a genuine token until it expires, to the second", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const token = await issueToken(USER, SESSION, false);
    expect(await verifyToken(token)).toMatchObject({ userId: USER, sessionId: SESSION });
    expect(await verifyToken(token)).toMatchObject({ userId: USER, sessionId: SESSION });
    vi.setSystemTime(Date.now() + TOKEN_TTL_SECONDS.session * 1000 - 5000);
    expect(await verifyToken(token)).toMatchObject({ userId: USER, sessionId: SESSION });
    vi.setSystemTime(Date.now() + 5000);
    expect(await verifyToken(token)).toBeUndefined();
  });

  it.each([
    [
      "payload",
      (t: string) =>
        t.replace(/\.([^.]+)\./, (_m, p: string) => `.${p.slice(0, -2)}${p.endsWith("AA") ? "AB" : "AA"}.`),
    ],
    ["signature", (t: string) => t.slice(0, -2) + (t.endsWith("AA") ? "AB" : "AA")],
  ])("a token with a changed %s fails, even right after the genuine one verified", async (_part, tamper) => {
    const token = await issueToken(USER, SESSION, false);
    expect(await verifyToken(token)).toBeDefined();
    expect(await verifyToken(tamper(token))).toBeUndefined();
  });
});
