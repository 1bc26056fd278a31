import { Secret, TOTP } from "otpauth";
import { beforeAll, expect, it } from "vitest";
import { LOGIN_RATE_LIMIT, CONFIRMATION_SECONDS } from "~/server/config";
import {
  call,
  callUnchecked,
  confirmed,
  describeEachBackend,
  loginAs,
  randomIp,
  type JsonOf,
  answer,
} from "../../../test/api";
import { SoftPasskey } from "../../../test/webauthn";

const PASSWORD = "correct horse battery";

const confirm = (token: string, json: JsonOf<"POST", "/api/portal/account/confirm">, ip = randomIp()) =>
  call("POST", "/api/portal/account/confirm", { token, json, ip });
const passkeyOptions = (token: string) => call("POST", "/api/portal/account/passkeys/options", { token });
const expectRefused = async (res: Response, what: string) => {
  expect(res.status, what).toBe(403);
  expect(await res.json(), what).toEqual({ error: expect.any(String), code: "confirmation_required" });
};

/** Sets up an authenticator app in the (confirmed) session of `token`; answers its recovery codes. */
async function enrolTotp(token: string): Promise<string[]> {
  const { secret } = await answer(await call("POST", "/api/portal/account/totp", { token }), 201);
  const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
  const res = await call("POST", "/api/portal/account/totp/confirm", { token, json: { code } });
  return (await answer(res, 200)).recoveryCodes;
}

/** A full sign-in (password, then a recovery code) of a person with an authenticator app; answers its token. */
async function signInWithCode(username: string, code: string): Promise<string> {
  const ip = randomIp();
  const first = await call("POST", "/api/portal/login", { json: { username, password: PASSWORD }, ip });
  const step = await answer(first, 200);
  if (!("ticket" in step)) throw new Error(`${username} was not asked for a second factor`);
  const second = await call("POST", "/api/portal/login/second-factor", { json: { ticket: step.ticket, code }, ip });
  return (await answer(second, 200)).token;
}

describeEachBackend("sudo mode: sensitive changes need a fresh confirmation", (db) => {
  let otherId = "";
  beforeAll(async () => {
    await db.createStaff("owner", PASSWORD);
    otherId = await db.createStaff("other", PASSWORD);
  });

  it("a sign-in alone does not count: each sensitive change answers 403 confirmation_required", async () => {
    const token = await loginAs("owner", PASSWORD);
    const routes: [string, () => Promise<Response>][] = [
      ["passkey options", () => call("POST", "/api/portal/account/passkeys/options", { token })],
      [
        "register passkey",
        // A response the route's type does not take: the confirmation is asked for before the body is checked.
        () =>
          callUnchecked("POST", "/api/portal/account/passkeys", {
            token,
            json: { ticket: crypto.randomUUID(), response: { id: "a", rawId: "a" } },
          }),
      ],
      [
        "remove passkey",
        () => call("DELETE", "/api/portal/account/passkeys/:id", { param: { id: "some-key" }, token }),
      ],
      ["set up app", () => call("POST", "/api/portal/account/totp", { token })],
      ["confirm app", () => call("POST", "/api/portal/account/totp/confirm", { token, json: { code: "123456" } })],
      ["remove app", () => call("DELETE", "/api/portal/account/totp", { token })],
      [
        "change password",
        () =>
          call("POST", "/api/portal/account/password", {
            token,
            json: { currentPassword: PASSWORD, newPassword: "Granite ladder orbit 42" },
          }),
      ],
      [
        "new notification address",
        () =>
          call("PUT", "/api/portal/notification-preferences", {
            token,
            json: { email: "someone@example.com", notify: "each" },
          }),
      ],
      ["export", () => call("GET", "/api/portal/export", { token })],
      ["settings", () => call("PUT", "/api/portal/settings", { token, json: { requireSecondFactor: false } })],
      [
        "role",
        () => call("PATCH", "/api/portal/staff/:id", { param: { id: otherId }, token, json: { role: "admin" } }),
      ],
      [
        "disable",
        () => call("PATCH", "/api/portal/staff/:id", { param: { id: otherId }, token, json: { disabled: true } }),
      ],
      ["reset", () => call("POST", "/api/portal/staff/:id/reset", { param: { id: otherId }, token })],
    ];
    for (const [what, send] of routes) await expectRefused(await send(), what);
    // Nothing changed.
    expect(await db.query("SELECT role, disabled_at, email FROM staff_users WHERE id = $1", [otherId])).toEqual([
      { role: "staff", disabled_at: null, email: null },
    ]);
    // Notification settings without a new address need none.
    const same: JsonOf<"PUT", "/api/portal/notification-preferences"> = { email: null, notify: "none" };
    expect((await call("PUT", "/api/portal/notification-preferences", { token, json: same })).status).toBe(200);
    // Confirmed, the same calls go through.
    await confirmed(token, PASSWORD);
    expect((await call("GET", "/api/portal/export", { token })).status).toBe(200);
    expect((await passkeyOptions(token)).status).toBe(200);
    const email: JsonOf<"PUT", "/api/portal/notification-preferences"> = { email: "owner@example.com", notify: "each" };
    expect((await call("PUT", "/api/portal/notification-preferences", { token, json: email })).status).toBe(200);
    const disable = await call("PATCH", "/api/portal/staff/:id", {
      param: { id: otherId },
      token,
      json: { disabled: true },
    });
    expect(disable.status).toBe(200);
  });

  it("a factor removed and a passkey registered with a bare token are refused", async () => {
    await db.createStaff("victim", PASSWORD);
    const codes = await enrolTotp(await confirmed(await loginAs("victim", PASSWORD), PASSWORD));
    // A full sign-in with password and code, but no confirmation since: what a stolen token carries.
    const stolen = await signInWithCode("victim", codes[0]!);
    await expectRefused(await call("DELETE", "/api/portal/account/totp", { token: stolen }), "remove app");
    await expectRefused(await passkeyOptions(stolen), "passkey options");
    // Even with a challenge from a confirmed session of the same person, registering needs its own confirmation.
    const owner = await confirmed(await signInWithCode("victim", codes[1]!), PASSWORD, codes[2]);
    const { ticket, options } = await answer(await passkeyOptions(owner), 200);
    const response = new SoftPasskey().register(options.challenge);
    const register = await call("POST", "/api/portal/account/passkeys", {
      token: stolen,
      json: { ticket, response },
    });
    await expectRefused(register, "register passkey");
    expect(
      await db.query(
        "SELECT 1 FROM staff_passkeys p JOIN staff_users u ON u.id = p.user_id WHERE u.username = 'victim'",
      ),
    ).toHaveLength(0);
    expect(
      await db.query("SELECT 1 FROM staff_totp t JOIN staff_users u ON u.id = t.user_id WHERE u.username = 'victim'"),
    ).toHaveLength(1);
  });

  it("confirming needs the password, and the authenticator's code when the person has one", async () => {
    await db.createStaff("careful", PASSWORD);
    const codes = await enrolTotp(await confirmed(await loginAs("careful", PASSWORD), PASSWORD));
    const token = await signInWithCode("careful", codes[0]!);
    const wrongPassword = await confirm(token, { password: "not it", code: codes[1] });
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.json()).toMatchObject({ error: "Password is wrong" });
    const noCode = await confirm(token, { password: PASSWORD });
    expect(noCode.status).toBe(400);
    expect(await noCode.json()).toMatchObject({ error: "Enter the code from your authenticator app" });
    const wrongCode = await confirm(token, { password: PASSWORD, code: "000000" });
    expect(wrongCode.status).toBe(400);
    expect(await wrongCode.json()).toMatchObject({ error: "That code is not valid", code: "invalid_code" });
    await expectRefused(await call("DELETE", "/api/portal/account/totp", { token }), "still unconfirmed");
    const right = await confirm(token, { password: PASSWORD, code: codes[1] });
    expect(right.status, await right.clone().text()).toBe(200);
    expect(await right.json()).toEqual({ confirmedForSeconds: CONFIRMATION_SECONDS });
    expect((await call("DELETE", "/api/portal/account/totp", { token })).status).toBe(200);
  });

  it(`wrong passwords are throttled like sign-ins: ${LOGIN_RATE_LIMIT.perUsernameAndAddress} from one address, then 429`, async () => {
    await db.createStaff("guesser", PASSWORD);
    const token = await loginAs("guesser", PASSWORD);
    const ip = randomIp();
    for (let i = 0; i < LOGIN_RATE_LIMIT.perUsernameAndAddress; i++)
      expect((await confirm(token, { password: `guess ${i}` }, ip)).status).toBe(400);
    const refused = await confirm(token, { password: PASSWORD }, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: "Too many tries, try again later", code: "rate_limited" });
    await expectRefused(await passkeyOptions(token), "not confirmed by a refused try");
  });

  it("a confirmation holds for 10 minutes, in the session that made it only", async () => {
    await db.createStaff("timed", PASSWORD);
    const token = await confirmed(await loginAs("timed", PASSWORD), PASSWORD);
    const other = await loginAs("timed", PASSWORD);
    expect((await passkeyOptions(token)).status).toBe(200);
    await expectRefused(await passkeyOptions(other), "another session");
    const age = (seconds: number) =>
      db.query(
        `UPDATE staff_sessions SET confirmed_at = now() - make_interval(secs => $1)
         WHERE user_id = (SELECT id FROM staff_users WHERE username = 'timed') AND confirmed_at IS NOT NULL`,
        [seconds],
      );
    await age(CONFIRMATION_SECONDS - 30);
    expect((await passkeyOptions(token)).status).toBe(200);
    await age(CONFIRMATION_SECONDS + 1);
    await expectRefused(await passkeyOptions(token), "expired");
  });

  it("a passkey that verifies the person confirms instead of password and code; one that does not, does not", async () => {
    await db.createStaff("keyed", PASSWORD);
    const setup = await confirmed(await loginAs("keyed", PASSWORD), PASSWORD);
    const token = await loginAs("keyed", PASSWORD);
    const confirmOptions = () => call("POST", "/api/portal/account/confirm/passkey/options", { token });
    const none = await confirmOptions();
    expect(none.status).toBe(404);
    const key = new SoftPasskey();
    const { ticket: regTicket, options: reg } = await answer(await passkeyOptions(setup), 200);
    const added = await call("POST", "/api/portal/account/passkeys", {
      token: setup,
      json: { ticket: regTicket, response: key.register(reg.challenge) },
    });
    expect(added.status).toBe(201);
    const ask = async () => answer(await confirmOptions(), 200);
    const touch = await ask();
    expect(touch.options.userVerification).toBe("required");
    expect(touch.options.allowCredentials?.map((c) => c.id)).toEqual([key.id]);
    const touched = await confirm(token, {
      ticket: touch.ticket,
      response: key.assert(touch.options.challenge, { userVerified: false }),
    });
    expect(touched.status).toBe(400);
    await expectRefused(await passkeyOptions(token), "touch only");
    // Someone else's passkey does not confirm this person.
    const stranger = await ask();
    const foreign = await confirm(token, {
      ticket: stranger.ticket,
      response: new SoftPasskey().assert(stranger.options.challenge),
    });
    expect(foreign.status).toBe(400);
    const verified = await ask();
    const res = await confirm(token, { ticket: verified.ticket, response: key.assert(verified.options.challenge) });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await passkeyOptions(token)).status).toBe(200);
    // Each challenge answers once.
    const again = await confirm(token, { ticket: verified.ticket, response: key.assert(verified.options.challenge) });
    expect(again.status).toBe(400);
  });
});
