import { Secret, TOTP } from "otpauth";
import { beforeAll, expect, it } from "vitest";
import type { LoginAnswer } from "~/schemas/sign-in";
import { AUTH_CHALLENGE, RECOVERY_CODE_COUNT } from "~/server/config";
import { call, confirmed, describeEachBackend, loginAs, randomIp, answer } from "../../../test/api";

const PASSWORD = "correct horse battery";

/** The code an authenticator app shows for `secret`, `offsetSteps` 30-second steps from now. */
const codeFor = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });

const passwordStep = async (username: string) => {
  const res = await call("POST", "/api/portal/login", { json: { username, password: PASSWORD }, ip: randomIp() });
  return await answer(res, 200);
};
const codeStep = (ticket: string, code: string) =>
  call("POST", "/api/portal/login/second-factor", { json: { ticket, code }, ip: randomIp() });
const ticketOf = (answer: LoginAnswer) => {
  if (!("ticket" in answer)) throw new Error("expected a second step");
  return answer.ticket;
};

describeEachBackend("second factor (TOTP and recovery codes)", (db) => {
  let admin = "";
  beforeAll(async () => {
    await db.createStaff("head", PASSWORD);
    admin = await loginAs("head", PASSWORD);
  });

  /** Sets up TOTP for `username` (a new staff account) and returns its secret and recovery codes. */
  const enrolled = async (username: string) => {
    await db.createStaff(username, PASSWORD);
    // Confirmed (sudo mode), which setting up an authenticator needs.
    const token = await confirmed(await loginAs(username, PASSWORD), PASSWORD);
    const setup = await call("POST", "/api/portal/account/totp", { token });
    const { secret, uri } = await answer(setup, 201);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    const wrongCode = codeFor(secret, 10);
    const wrong = await call("POST", "/api/portal/account/totp/confirm", { token, json: { code: wrongCode } });
    expect(wrong.status).toBe(400);
    const confirm = await call("POST", "/api/portal/account/totp/confirm", { token, json: { code: codeFor(secret) } });
    const { recoveryCodes } = await answer(confirm, 200);
    return { secret, recoveryCodes, token };
  };

  it("setting up gives ten single-use recovery codes, shown once and stored hashed", async () => {
    const { recoveryCodes, token } = await enrolled("enroller");
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{6}(-[a-z2-9]{6}){3}$/);
    const stored = JSON.stringify(await db.query("SELECT * FROM staff_recovery_codes"));
    for (const code of recoveryCodes) expect(stored).not.toContain(code);
    const account = await answer(await call("GET", "/api/portal/account", { token }), 200);
    expect(account).toMatchObject({ totp: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    // A second set-up is refused while one is in force.
    expect((await call("POST", "/api/portal/account/totp", { token })).status).toBe(409);
  });

  it("a password sign-in then needs a code: a wrong one is refused, the right one signs in, and works once", async () => {
    const { secret } = await enrolled("two-step");
    const first = await passwordStep("two-step");
    expect(first).not.toHaveProperty("token");
    const ticket = ticketOf(first);
    const wrong = await codeStep(ticket, codeFor(secret, 5));
    expect(wrong.status).toBe(401);
    // The app's next code (a phone a little ahead) is accepted.
    const code = codeFor(secret, 1);
    const right = await codeStep(ticket, code);
    const { token } = await answer(right, 200);
    expect((await call("GET", "/api/portal/templates", { token })).status).toBe(200);
    // The ticket is spent, and the same code does not work twice, nor an older one.
    expect((await codeStep(ticket, code)).status).toBe(401);
    expect((await codeStep(ticketOf(await passwordStep("two-step")), code)).status).toBe(401);
    expect((await codeStep(ticketOf(await passwordStep("two-step")), codeFor(secret, -1))).status).toBe(401);
    const [success] = await db.query<{ detail: string }>(
      "SELECT detail FROM audit_log WHERE action = 'login.success' AND username = 'two-step' ORDER BY id DESC LIMIT 1",
    );
    expect(success!.detail).toBe("password + totp");
  });

  it("a recovery code signs in once, typed in any case and without its dashes", async () => {
    const { recoveryCodes } = await enrolled("recoverer");
    const code = recoveryCodes[3]!;
    const typed = code.replaceAll("-", "").toUpperCase();
    expect((await codeStep(ticketOf(await passwordStep("recoverer")), typed)).status).toBe(200);
    expect((await codeStep(ticketOf(await passwordStep("recoverer")), code)).status).toBe(401);
    expect((await codeStep(ticketOf(await passwordStep("recoverer")), recoveryCodes[4]!)).status).toBe(200);
    const used = await db.query(
      "SELECT 1 FROM audit_log WHERE action = 'recovery-code.use' AND username = 'recoverer'",
    );
    expect(used).toHaveLength(2);
  });

  it("new recovery codes need the app and a recent confirmation, and the old ones stop working at once", async () => {
    await db.createStaff("no-app", PASSWORD);
    const withoutApp = await confirmed(await loginAs("no-app", PASSWORD), PASSWORD);
    const refused = await call("POST", "/api/portal/account/recovery-codes", { token: withoutApp });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: "Set up the authenticator app first", code: "conflict" });

    const { secret, recoveryCodes: old } = await enrolled("renewer");
    // A stolen session token alone cannot read new codes: a fresh sign-in has not confirmed who it is.
    const ticket = ticketOf(await passwordStep("renewer"));
    const fresh = (await answer(await codeStep(ticket, codeFor(secret, 1)), 200)).token;
    const unconfirmed = await call("POST", "/api/portal/account/recovery-codes", { token: fresh });
    expect((await answer(unconfirmed, 403)).code).toBe("confirmation_required");

    const token = await confirmed(fresh, PASSWORD, old[0]);
    const res = await call("POST", "/api/portal/account/recovery-codes", { token });
    const { recoveryCodes } = await answer(res, 200);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(recoveryCodes.filter((code) => old.includes(code))).toEqual([]);
    expect((await codeStep(ticketOf(await passwordStep("renewer")), old[1]!)).status).toBe(401);
    expect((await codeStep(ticketOf(await passwordStep("renewer")), recoveryCodes[0]!)).status).toBe(200);
    const account = await answer(await call("GET", "/api/portal/account", { token }), 200);
    expect(account).toMatchObject({ recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 });
    const logged = await db.query(
      "SELECT 1 FROM audit_log WHERE action = 'recovery-code.replace' AND username = 'renewer'",
    );
    expect(logged).toHaveLength(1);
  });

  it(`${AUTH_CHALLENGE.maxCodeAttempts} wrong codes void the second step`, async () => {
    const { secret } = await enrolled("fumbler");
    const ticket = ticketOf(await passwordStep("fumbler"));
    for (let i = 0; i < AUTH_CHALLENGE.maxCodeAttempts; i++)
      expect((await codeStep(ticket, `${i}`.padStart(6, "9"))).status).toBe(401);
    const late = await codeStep(ticket, codeFor(secret));
    expect(late.status).toBe(401);
    expect(await late.json()).toEqual({ error: "Sign-in expired, enter your password again", code: "sign_in_expired" });
    // Each wrong code also counts towards the account's stop after repeated failures.
    expect(await db.query("SELECT failed_logins FROM staff_users WHERE username = 'fumbler'")).toEqual([
      { failed_logins: AUTH_CHALLENGE.maxCodeAttempts },
    ]);
  });

  it('"require a second factor" limits a password sign-in without one to setting one up', async () => {
    const put = (requireSecondFactor: boolean) =>
      call("PUT", "/api/portal/settings", { token: admin, json: { requireSecondFactor } });
    // Only an admin who has a second factor may require one (the admin sets one up first).
    await confirmed(admin, PASSWORD);
    const { secret: adminSecret } = await answer(await call("POST", "/api/portal/account/totp", { token: admin }), 201);
    const adminCode = { json: { code: codeFor(adminSecret) }, token: admin };
    expect((await call("POST", "/api/portal/account/totp/confirm", adminCode)).status).toBe(200);
    expect((await put(true)).status).toBe(200);
    try {
      await db.createStaff("newbie", PASSWORD);
      const step = await passwordStep("newbie");
      expect(step).toMatchObject({ setupSecondFactor: true });
      if (!("token" in step)) throw new Error("expected a session limited to setting up a second factor");
      const { token } = step;
      const templates = await call("GET", "/api/portal/templates", { token });
      expect(templates.status).toBe(403);
      expect(await templates.json()).toEqual({ error: "Set up a second factor first", code: "second_factor_required" });
      expect((await call("GET", "/api/portal/session", { token })).status).toBe(200);
      const account = await answer(await call("GET", "/api/portal/account", { token }), 200);
      expect(account).toMatchObject({ totp: false, requireSecondFactor: true });
      await confirmed(token, PASSWORD);
      const { secret } = await answer(await call("POST", "/api/portal/account/totp", { token }), 201);
      const confirm = await call("POST", "/api/portal/account/totp/confirm", {
        token,
        json: { code: codeFor(secret) },
      });
      expect(confirm.status).toBe(200);
      expect((await call("GET", "/api/portal/templates", { token })).status).toBe(200);
      // While the company requires it, it cannot be removed.
      expect((await call("DELETE", "/api/portal/account/totp", { token })).status).toBe(409);
    } finally {
      expect((await put(false)).status).toBe(200);
    }
    const settings = await db.query("SELECT detail FROM audit_log WHERE action = 'settings.update' ORDER BY id");
    expect(settings).toEqual([{ detail: "require a second factor: on" }, { detail: "require a second factor: off" }]);
  });

  it("removing the authenticator app goes back to password-only sign-in, logged", async () => {
    const { token } = await enrolled("remover");
    expect((await call("DELETE", "/api/portal/account/totp", { token })).status).toBe(200);
    expect(await passwordStep("remover")).toHaveProperty("token");
    const actions = await db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE username = 'remover' AND action LIKE 'totp.%' ORDER BY id",
    );
    expect(actions.map((a) => a.action)).toEqual(["totp.enable", "totp.disable"]);
  });
});
