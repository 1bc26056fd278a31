import { Secret, TOTP } from "otpauth";
import { afterEach, beforeAll, expect, it } from "vitest";
import { SECOND_FACTOR_REQUIRED, SECOND_FACTOR_REQUIRED_CODE } from "~/lib/second-factor";
import type { LoginAnswer } from "~/schemas/sign-in";
import { OWN_FACTOR_FIRST } from "./commands/settings";
import { call, confirmed, describeEachBackend, loginAs, randomIp, answer } from "../../../test/api";
import { SoftPasskey } from "../../../test/webauthn";

const PASSWORD = "correct horse battery";
const STRONG = "Granite ladder orbit 42";

const codeFor = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });
const templates = (token: string) => call("GET", "/api/portal/templates", { token });
const passwordStep = async (username: string, password = PASSWORD) => {
  const res = await call("POST", "/api/portal/login", { json: { username, password }, ip: randomIp() });
  return await answer(res, 200);
};
const tokenOf = (answer: LoginAnswer) => {
  if (!("token" in answer)) throw new Error("expected a session");
  return answer.token;
};

/** Sets up an authenticator app in the (confirmed) session of `token`; answers its recovery codes. */
async function enrolTotp(token: string): Promise<string[]> {
  const setup = await call("POST", "/api/portal/account/totp", { token });
  expect(setup.status, await setup.clone().text()).toBe(201);
  const { secret } = await answer(setup, 201);
  const confirm = await call("POST", "/api/portal/account/totp/confirm", { token, json: { code: codeFor(secret) } });
  return (await answer(confirm, 200)).recoveryCodes;
}

/** Registers `key` for the (confirmed) session of `token`, with or without user verification. */
async function registerPasskey(token: string, key: SoftPasskey, userVerified: boolean): Promise<void> {
  const options = await call("POST", "/api/portal/account/passkeys/options", { token });
  expect(options.status, await options.clone().text()).toBe(200);
  const { ticket, options: o } = await answer(options, 200);
  const response = key.register(o.challenge, { userVerified });
  const res = await call("POST", "/api/portal/account/passkeys", {
    token,
    json: { ticket, response, name: "Test" },
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** A passkey sign-in with `key`, with or without user verification. */
async function passkeySignIn(key: SoftPasskey, userVerified: boolean): Promise<LoginAnswer> {
  const ip = randomIp();
  const { ticket, options } = await answer(await call("POST", "/api/portal/login/passkey/options", { ip }), 200);
  const response = key.assert(options.challenge, { userVerified });
  const res = await call("POST", "/api/portal/login/passkey", { ip, json: { ticket, response } });
  expect(res.status, await res.clone().text()).toBe(200);
  return await answer(res, 200);
}

describeEachBackend('"require a second factor" holds for every session', (db) => {
  let admin = "";
  const rule = (requireSecondFactor: boolean, token = admin) =>
    call("PUT", "/api/portal/settings", { token, json: { requireSecondFactor } });
  const expectEnrolOnly = async (token: string) => {
    const res = await templates(token);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: SECOND_FACTOR_REQUIRED, code: SECOND_FACTOR_REQUIRED_CODE });
  };

  beforeAll(async () => {
    await db.createStaff("chief", PASSWORD);
    admin = await confirmed(await loginAs("chief", PASSWORD), PASSWORD);
    await enrolTotp(admin);
  });
  afterEach(async () => {
    expect((await rule(false)).status).toBe(200);
  });

  it("only an admin who has a second factor may switch it on; a passkey without user verification is none", async () => {
    await db.createStaff("bare-admin", PASSWORD);
    await db.query("UPDATE staff_users SET role = 'admin' WHERE username = 'bare-admin'");
    const token = await loginAs("bare-admin", PASSWORD);
    const unconfirmed = await rule(true, token);
    expect(unconfirmed.status).toBe(403);
    expect(await unconfirmed.json()).toMatchObject({ code: "confirmation_required" });
    await confirmed(token, PASSWORD);
    const refused = await rule(true, token);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: OWN_FACTOR_FIRST, code: "conflict" });
    await registerPasskey(token, new SoftPasskey(), false);
    expect((await rule(true, token)).status).toBe(409);
    expect(await db.query("SELECT require_second_factor AS on FROM portal_settings")).toEqual([{ on: false }]);
    await registerPasskey(token, new SoftPasskey(), true);
    expect((await rule(true, token)).status).toBe(200);
  });

  it("switching it on makes the live sessions of people without a second factor enrol-only at once", async () => {
    await db.createStaff("early", PASSWORD);
    await db.createStaff("guarded", PASSWORD);
    const early = await loginAs("early", PASSWORD);
    const guarded = await confirmed(await loginAs("guarded", PASSWORD), PASSWORD);
    await enrolTotp(guarded);
    expect((await templates(early)).status).toBe(200);
    expect((await rule(true)).status).toBe(200);
    await expectEnrolOnly(early);
    expect((await templates(guarded)).status).toBe(200);
    expect((await templates(admin)).status).toBe(200);
    // The mark is the rule's: switched off again, the session is an ordinary one.
    expect((await rule(false)).status).toBe(200);
    expect((await templates(early)).status).toBe(200);
  });

  it("setting up a second factor in one session leaves the person's other sessions enrol-only", async () => {
    expect((await rule(true)).status).toBe(200);
    for (const [username, enrol] of [
      ["twice-app", (token: string) => enrolTotp(token)],
      ["twice-key", (token: string) => registerPasskey(token, new SoftPasskey(), true)],
    ] as const) {
      await db.createStaff(username, PASSWORD);
      const owner = tokenOf(await passwordStep(username));
      const other = tokenOf(await passwordStep(username));
      await expectEnrolOnly(owner);
      await confirmed(owner, PASSWORD);
      await enrol(owner);
      expect((await templates(owner)).status, username).toBe(200);
      await expectEnrolOnly(other);
    }
  });

  it("invitation and reset links open an enrol-only session while it is on", async () => {
    expect((await rule(true)).status).toBe(200);
    const invited = await call("POST", "/api/portal/staff", {
      token: admin,
      json: { displayName: "New Person", username: "invitee", role: "staff" },
    });
    const invitation = await answer(invited, 201);
    const accept = async (link: string) => {
      const res = await call("POST", "/api/portal/invitation/accept", {
        json: { token: link.split("#")[1], password: STRONG },
      });
      const session = await answer(res, 200);
      expect(session).toMatchObject({ setupSecondFactor: true });
      return tokenOf(session);
    };
    const first = await accept(invitation.link);
    await expectEnrolOnly(first);
    expect((await call("GET", "/api/portal/session", { token: first })).status).toBe(200);
    // A passkey registered from it is refused without a confirmation too.
    expect((await call("POST", "/api/portal/account/passkeys/options", { token: first })).status).toBe(403);
    const reset = await call("POST", "/api/portal/staff/:id/reset", {
      param: { id: invitation.account.id },
      token: admin,
    });
    await expectEnrolOnly(await accept((await answer(reset, 200)).link));
  });

  it("a passkey counts as both factors only when the authenticator verified the person", async () => {
    await db.createStaff("toucher", PASSWORD);
    const token = await confirmed(await loginAs("toucher", PASSWORD), PASSWORD);
    const key = new SoftPasskey();
    await registerPasskey(token, key, false);
    expect(await db.query("SELECT user_verified FROM staff_passkeys WHERE id = $1", [key.id])).toEqual([
      { user_verified: false },
    ]);
    expect((await rule(true)).status).toBe(200);
    // No second factor: the session from before the rule is enrol-only, and so is a sign-in with the touch alone.
    await expectEnrolOnly(token);
    const touched = await passkeySignIn(key, false);
    expect(touched).toMatchObject({ setupSecondFactor: true });
    await expectEnrolOnly(tokenOf(touched));
    const verified = await passkeySignIn(key, true);
    expect(verified).not.toHaveProperty("setupSecondFactor");
    expect((await templates(tokenOf(verified))).status).toBe(200);
    const details = await db.query<{ detail: string }>(
      "SELECT detail FROM audit_log WHERE action = 'login.success' AND username = 'toucher' ORDER BY id",
    );
    expect(details.map((d) => d.detail)).toEqual(["password", "passkey without user verification", "passkey"]);
  });

  it("a passkey sign-in without user verification asks for the authenticator code, like a password", async () => {
    await db.createStaff("two-keys", PASSWORD);
    const token = await confirmed(await loginAs("two-keys", PASSWORD), PASSWORD);
    const recoveryCodes = await enrolTotp(token);
    const key = new SoftPasskey();
    await registerPasskey(token, key, false);
    const first = await passkeySignIn(key, false);
    if (!("ticket" in first)) throw new Error("expected a second step");
    expect(first.secondFactor).toBe("totp");
    const step = await call("POST", "/api/portal/login/second-factor", {
      json: { ticket: first.ticket, code: recoveryCodes[0] },
      ip: randomIp(),
    });
    expect((await templates((await answer(step, 200)).token)).status).toBe(200);
    const [last] = await db.query<{ detail: string }>(
      "SELECT detail FROM audit_log WHERE action = 'login.success' AND username = 'two-keys' ORDER BY id DESC LIMIT 1",
    );
    expect(last!.detail).toBe("passkey + recovery code");
  });

  it("every session ends 90 days after its sign-in, however often it is used", async () => {
    await db.createStaff("marathon", PASSWORD);
    const res = await call("POST", "/api/portal/login", {
      json: { username: "marathon", password: PASSWORD, rememberMe: true },
      ip: randomIp(),
    });
    const token = tokenOf(await answer(res, 200));
    const row =
      "(SELECT id FROM staff_sessions WHERE user_id = (SELECT id FROM staff_users WHERE username = 'marathon'))";
    // Used every day for 89 days: still alive, and this use moves its end no later than day 90.
    await db.query(
      `UPDATE staff_sessions SET created_at = now() - interval '89 days', last_used_at = now() - interval '2 minutes'
       WHERE id = ${row}`,
    );
    expect((await call("GET", "/api/portal/session", { token })).status).toBe(200);
    const [after] = await db.query<{ capped: boolean; moved: boolean }>(
      `SELECT expires_at <= created_at + interval '90 days' AS capped, last_used_at > now() - interval '1 minute' AS moved
       FROM staff_sessions WHERE id = ${row}`,
    );
    expect(after).toEqual({ capped: true, moved: true });
    // Past day 90 it is over, though it was used a moment ago and its sliding end is weeks away.
    await db.query(
      `UPDATE staff_sessions SET created_at = now() - interval '90 days 1 minute', last_used_at = now(),
         expires_at = now() + interval '29 days' WHERE id = ${row}`,
    );
    expect((await call("GET", "/api/portal/session", { token })).status).toBe(401);
  });
});
