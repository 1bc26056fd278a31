import { randomUUID } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { PASSWORD_CHANGE_LIMIT } from "~/server/config";
import { smtpSend } from "~/server/notifications/mailer";
import { deliverDue } from "~/server/notifications/outbox";
import { SECURITY_NOTICES } from "~/server/notifications/security-texts";
import { answer, call, confirmed, describeEachBackend, randomIp } from "../../../test/api";
import { startSmtp, type TestSmtp } from "../../../test/smtp";
import { SoftPasskey } from "../../../test/webauthn";

const PASSWORD = "correct horse battery staple";
const CONTEXT = { siteUrl: "https://portal.example.com", from: "Anchor Line Portal <portal@example.com>" };

describeEachBackend("security e-mails: the owner is told of every change to how they sign in", (db) => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());
  beforeEach(async () => {
    smtp.received.length = 0;
    await db.query("DELETE FROM notification_outbox");
  });

  /** A new account with `email` as its confirmed notification address (null: none). */
  async function person(email: string | null = `${randomUUID()}@example.com`) {
    const username = `sec-${randomUUID().slice(0, 8)}`;
    const id = await db.createStaff(username, PASSWORD);
    await db.query("UPDATE staff_users SET email = $2 WHERE id = $1", [id, email]);
    return { id, username, email };
  }
  /**
   * Signs in and confirms the session (sudo mode, which every change below needs); returns the session token and
   * the browser's known-device token.
   */
  async function signIn(username: string, deviceToken?: string, ip = randomIp()) {
    const res = await call("POST", "/api/portal/login", { json: { username, password: PASSWORD, deviceToken }, ip });
    const signedIn = await answer(res, 200);
    if (!("deviceToken" in signedIn)) throw new Error(`${username} was asked for a second factor`);
    await confirmed(signedIn.token, PASSWORD);
    return signedIn;
  }
  const notices = (id: string) =>
    db
      .query<{ notice: string; recipient: string }>(
        "SELECT notice, recipient FROM notification_outbox WHERE kind = 'security' AND recipient_id = $1 ORDER BY id",
        [id],
      )
      .then((rows) => rows.map((r) => `${r.notice} -> ${r.recipient}`));
  const deliver = () => deliverDue(db, smtpSend(smtp.url), { context: CONTEXT });

  it("a sign-in from a browser without the account's known-device token e-mails the owner; that browser later does not", async () => {
    const p = await person();
    const first = await signIn(p.username);
    expect(await notices(p.id)).toEqual([`new-device -> ${p.email}`]);
    await signIn(p.username, first.deviceToken);
    // Another account's device token does not make this browser known.
    const other = await person(null);
    await signIn(p.username, (await signIn(other.username)).deviceToken);
    expect(await notices(p.id)).toEqual([`new-device -> ${p.email}`, `new-device -> ${p.email}`]);
  });

  it("a person without a confirmed notification address gets no security e-mail", async () => {
    const p = await person(null);
    await db.query(
      "UPDATE staff_users SET pending_email = 'later@example.com', pending_email_token_hash = 'x' WHERE id = $1",
      [p.id],
    );
    const { token } = await signIn(p.username);
    const change = await call("POST", "/api/portal/account/password", {
      token,
      json: { currentPassword: PASSWORD, newPassword: "another long passphrase 42" },
    });
    expect(change.status).toBe(200);
    expect(await notices(p.id)).toEqual([]);
  });

  it("a password change is e-mailed to the owner, with when and from where, through SMTP", async () => {
    const p = await person();
    const { token, deviceToken } = await signIn(p.username);
    await db.query("DELETE FROM notification_outbox");
    await signIn(p.username, deviceToken);
    const res = await call("POST", "/api/portal/account/password", {
      token,
      ip: "203.0.113.99",
      headers: { "user-agent": "Test Browser/1.0" },
      json: { currentPassword: PASSWORD, newPassword: "another long passphrase 42" },
    });
    expect(res.status).toBe(200);
    expect(await notices(p.id)).toEqual([`password-changed -> ${p.email}`]);
    expect(await deliver()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const mail = smtp.received[0]!;
    expect((mail.to as { text: string }).text).toBe(p.email);
    expect(mail.subject).toContain(SECURITY_NOTICES["password-changed"].subject);
    expect(mail.text).toContain("Address: 203.0.113.99");
    expect(mail.text).toContain("Browser: Test Browser/1.0");
    expect(mail.text).toContain("https://portal.example.com/portal/account");
  });

  it(`wrong current passwords: ${PASSWORD_CHANGE_LIMIT.max} per window, then 429 with Retry-After; none counts toward the sign-in stop`, async () => {
    const p = await person();
    const { token } = await signIn(p.username);
    const attempt = (currentPassword: string) =>
      call("POST", "/api/portal/account/password", {
        token,
        ip: randomIp(),
        json: { currentPassword, newPassword: "another long passphrase 42" },
      });
    for (let i = 0; i < PASSWORD_CHANGE_LIMIT.max; i++) expect((await attempt(`wrong ${i}`)).status).toBe(400);
    const refused = await attempt("wrong again");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: "Too many wrong passwords, try again later", code: "rate_limited" });
    // Refused before the check: even the right password waits.
    expect((await attempt(PASSWORD)).status).toBe(429);
    expect(await db.query("SELECT failed_logins AS n FROM staff_users WHERE id = $1", [p.id])).toEqual([{ n: 0 }]);
    expect(await notices(p.id)).not.toContain(`password-changed -> ${p.email}`);
  });

  it("a right current password gives its throttle hit back", async () => {
    const p = await person();
    const { token } = await signIn(p.username);
    let password = PASSWORD;
    for (let i = 0; i <= PASSWORD_CHANGE_LIMIT.max; i++) {
      const next = `another long passphrase ${i}`;
      const res = await call("POST", "/api/portal/account/password", {
        token,
        json: { currentPassword: password, newPassword: next },
      });
      expect(res.status).toBe(200);
      password = next;
    }
  });

  it("an authenticator app set up and removed, new recovery codes, and a passkey removed, are each e-mailed", async () => {
    const p = await person();
    const { token } = await signIn(p.username);
    await db.query("DELETE FROM notification_outbox");
    const { secret } = await answer(await call("POST", "/api/portal/account/totp", { token }), 201);
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    expect((await call("POST", "/api/portal/account/totp/confirm", { token, json: { code } })).status).toBe(200);
    expect((await call("POST", "/api/portal/account/recovery-codes", { token })).status).toBe(200);
    expect((await call("DELETE", "/api/portal/account/totp", { token })).status).toBe(200);
    // Removing what is not there tells nobody anything.
    expect((await call("DELETE", "/api/portal/account/totp", { token })).status).toBe(200);
    await db.query(
      "INSERT INTO staff_passkeys (id, user_id, public_key, counter, name) VALUES ($1, $2, 'AA', 0, 'Work laptop')",
      [`key-${p.id}`, p.id],
    );
    expect(
      (await call("DELETE", "/api/portal/account/passkeys/:id", { param: { id: `key-${p.id}` }, token })).status,
    ).toBe(200);
    expect(await notices(p.id)).toEqual([
      `totp-added -> ${p.email}`,
      `recovery-codes-replaced -> ${p.email}`,
      `totp-removed -> ${p.email}`,
      `passkey-removed -> ${p.email}`,
    ]);
    expect(await deliver()).toMatchObject({ sent: 4 });
    expect(smtp.received.map((m) => m.subject)).toContainEqual(expect.stringContaining("New recovery codes were made"));
    expect(smtp.received.map((m) => m.subject)).toContainEqual(expect.stringContaining("A passkey was removed"));
    expect(smtp.received.find((m) => m.subject?.includes("passkey"))!.text).toContain('"Work laptop"');
  });

  it("a passkey registered is e-mailed, with its name", async () => {
    const p = await person();
    const { token } = await signIn(p.username);
    await db.query("DELETE FROM notification_outbox");
    const optionsRes = await call("POST", "/api/portal/account/passkeys/options", { token });
    const { ticket, options } = await answer(optionsRes, 200);
    const response = new SoftPasskey("http://localhost", options.rp.id).register(options.challenge);
    const res = await call("POST", "/api/portal/account/passkeys", {
      token,
      json: { ticket, response, name: "Phone" },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await notices(p.id)).toEqual([`passkey-added -> ${p.email}`]);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(smtp.received[0]!.subject).toContain(SECURITY_NOTICES["passkey-added"].subject);
    expect(smtp.received[0]!.text).toContain('"Phone"');
  });

  it("with an authenticator app, the new-device e-mail follows the second step, and the known browser gets none", async () => {
    const p = await person();
    const { token, deviceToken } = await signIn(p.username);
    const { secret } = await answer(await call("POST", "/api/portal/account/totp", { token }), 201);
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    const confirm = await call("POST", "/api/portal/account/totp/confirm", { token, json: { code } });
    const { recoveryCodes } = await answer(confirm, 200);
    await db.query("DELETE FROM notification_outbox");
    const twoSteps = async (device: string | undefined, recoveryCode: string) => {
      const first = await call("POST", "/api/portal/login", {
        json: { username: p.username, password: PASSWORD, deviceToken: device },
        ip: randomIp(),
      });
      const step = await answer(first, 200);
      if (!("ticket" in step)) throw new Error("expected a second step");
      // The password alone tells nobody anything yet.
      expect(await notices(p.id)).toEqual([]);
      const second = await call("POST", "/api/portal/login/second-factor", {
        json: { ticket: step.ticket, code: recoveryCode },
        ip: randomIp(),
      });
      expect(second.status, await second.clone().text()).toBe(200);
    };
    await twoSteps(deviceToken, recoveryCodes[0]!);
    expect(await notices(p.id)).toEqual([]);
    await twoSteps(undefined, recoveryCodes[1]!);
    expect(await notices(p.id)).toEqual([`new-device -> ${p.email}`]);
  });
});
