import { beforeAll, expect, it } from "vitest";
import { PASSKEY_CHALLENGE_LIMIT } from "~/server/config";
import { answer, call, confirmed, describeEachBackend, loginAs, randomIp } from "../../../test/api";

const PASSWORD = "correct horse battery";

/** A well-formed answer that no authenticator made. */
const fakeResponse = (id: string) => ({
  id,
  rawId: id,
  type: "public-key" as const,
  response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA", attestationObject: "AA" },
  clientExtensionResults: {},
});

// The whole ceremony with a (virtual) authenticator runs in Chromium: e2e/production/staff-accounts.spec.ts.
describeEachBackend("passkeys (API edges)", (db) => {
  let token = "";
  beforeAll(async () => {
    await db.createStaff("keyholder", PASSWORD);
    // Confirmed (sudo mode), which adding a passkey needs.
    token = await confirmed(await loginAs("keyholder", PASSWORD), PASSWORD);
  });

  it("registration options name this origin, the person, and require a discoverable credential", async () => {
    const res = await call("POST", "/api/portal/account/passkeys/options", { token });
    const { ticket, options } = await answer(res, 200);
    expect(ticket).toMatch(/^[0-9a-f-]{36}$/);
    expect(options.rp.id).toBe("localhost");
    expect(options.user.name).toBe("keyholder");
    expect(options.authenticatorSelection?.residentKey).toBe("required");
    expect((await call("POST", "/api/portal/account/passkeys/options")).status).toBe(401);
    // A made-up answer is refused, and the challenge is spent either way.
    const register = () =>
      call("POST", "/api/portal/account/passkeys", { token, json: { ticket, response: fakeResponse("abc") } });
    expect((await register()).status).toBe(400);
    expect(await (await register()).json()).toEqual({
      error: "The passkey request expired, try again",
      code: "invalid_request",
    });
    expect(await db.query("SELECT 1 FROM staff_passkeys")).toHaveLength(0);
  });

  it("a sign-in with an unknown or forged passkey is 401, and each challenge answers once", async () => {
    const ip = randomIp();
    const { ticket, options } = await answer(await call("POST", "/api/portal/login/passkey/options", { ip }), 200);
    expect(options.rpId).toBe("localhost");
    expect(options.allowCredentials ?? []).toEqual([]);
    const signIn = () =>
      call("POST", "/api/portal/login/passkey", {
        ip,
        json: { ticket, response: fakeResponse("unknown-key") },
      });
    const res = await signIn();
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "This passkey was not recognised", code: "passkey_not_recognised" });
    expect(await db.query("SELECT 1 FROM auth_challenges WHERE id = $1", [ticket])).toHaveLength(0);
  });

  it(`one address gets ${PASSKEY_CHALLENGE_LIMIT.perAddress} sign-in challenges per window`, async () => {
    const ip = randomIp();
    for (let i = 0; i < PASSKEY_CHALLENGE_LIMIT.perAddress; i++)
      expect((await call("POST", "/api/portal/login/passkey/options", { ip })).status).toBe(200);
    const refused = await call("POST", "/api/portal/login/passkey/options", { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call("POST", "/api/portal/login/passkey/options", { ip: randomIp() })).status).toBe(200);
  });
});
