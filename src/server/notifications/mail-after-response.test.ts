import { randomUUID } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, expect, it } from "vitest";
import { useBidPdf } from "~/server/bids/pdf-port";
import { resetEnv } from "~/server/env";
import { deliverDue, RETRY_FOR_HOURS } from "./outbox";
import { SECURITY_NOTICES, type SecurityNotice } from "./security-texts";
import { bidToSend, fakeBidPdf } from "../../../test/fixtures/sent-bid";
import { answer, call, confirmed as sudo, describeEachBackend, loginAs } from "../../../test/api";
import { useSmtpServer } from "../../../test/smtp-suite";
import { SoftPasskey } from "../../../test/webauthn";

const PASSWORD = "correct horse battery staple";
const CONTEXT = { siteUrl: "https://portal.example.com", from: "Anchor Line Portal <portal@example.com>" };

describeEachBackend("e-mails leave right after the response; a failed one keeps no secret", (db) => {
  const smtp = useSmtpServer();
  beforeAll(async () => {
    useBidPdf(fakeBidPdf());
  });
  afterAll(async () => {
    useBidPdf(undefined);
  });

  const member = async () => {
    const username = `m-${randomUUID().slice(0, 8)}`;
    await db.createStaff(username, PASSWORD);
    return sudo(await loginAs(username, PASSWORD), PASSWORD);
  };
  const to = (address: string) => smtp.received.find((m) => (m.to as { text: string } | undefined)?.text === address);

  it("a new notification address's confirmation arrives with no scheduled job run", async () => {
    const token = await member();
    const address = `new-${randomUUID().slice(0, 8)}@example.com`;
    const res = await call("PUT", "/api/portal/notification-preferences", {
      token,
      json: { email: address, notify: "each" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await expect.poll(() => to(address), { timeout: 10_000 }).toBeDefined();
    expect(to(address)!.text).toMatch(/\/portal\/confirm-address#[\w-]{43}/);
    const [row] = await db.query<{ status: string; facts: unknown }>(
      "SELECT status, facts FROM notification_outbox WHERE recipient = $1",
      [address],
    );
    expect(row).toEqual({ status: "sent", facts: null });
  });

  /** A staff member whose confirmed notification address is `email`, signed in and confirmed (sudo mode). */
  const person = async () => {
    const username = `p-${randomUUID().slice(0, 8)}`;
    const email = `${username}@example.com`;
    const id = await db.createStaff(username, PASSWORD);
    await db.query("UPDATE staff_users SET email = $2 WHERE id = $1", [id, email]);
    return { id, username, email, token: await sudo(await loginAs(username, PASSWORD), PASSWORD) };
  };
  /** The security notice `notice` received at `address`, if any. */
  const notice = (address: string, kind: SecurityNotice) =>
    smtp.received.find(
      (m) =>
        (m.to as { text: string } | undefined)?.text === address && m.subject?.endsWith(SECURITY_NOTICES[kind].subject),
    );
  const arrives = (address: string, kind: SecurityNotice) =>
    expect.poll(() => notice(address, kind), { timeout: 10_000 }).toBeDefined();

  it("a sign-in from a new device is told to the owner with no scheduled job run", async () => {
    const p = await person();
    await arrives(p.email, "new-device");
  });

  it("a password change is told to the owner with no scheduled job run", async () => {
    const p = await person();
    const res = await call("POST", "/api/portal/account/password", {
      token: p.token,
      json: { currentPassword: PASSWORD, newPassword: "another long passphrase 42" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await arrives(p.email, "password-changed");
  });

  it("an authenticator app added and removed, new recovery codes, a passkey added and removed: each told with no scheduled job run", async () => {
    const p = await person();
    const token = p.token;
    const { secret } = await answer(await call("POST", "/api/portal/account/totp", { token }), 201);
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    expect((await call("POST", "/api/portal/account/totp/confirm", { token, json: { code } })).status).toBe(200);
    await arrives(p.email, "totp-added");
    expect((await call("POST", "/api/portal/account/recovery-codes", { token })).status).toBe(200);
    await arrives(p.email, "recovery-codes-replaced");
    expect((await call("DELETE", "/api/portal/account/totp", { token })).status).toBe(200);
    await arrives(p.email, "totp-removed");

    const optionsRes = await call("POST", "/api/portal/account/passkeys/options", { token });
    const { ticket, options } = await answer(optionsRes, 200);
    const passkey = new SoftPasskey("http://localhost", options.rp.id);
    const added = await call("POST", "/api/portal/account/passkeys", {
      token,
      json: { ticket, response: passkey.register(options.challenge), name: "Phone" },
    });
    expect(added.status, await added.clone().text()).toBe(201);
    await arrives(p.email, "passkey-added");
    expect(
      (await call("DELETE", "/api/portal/account/passkeys/:id", { param: { id: passkey.id }, token })).status,
    ).toBe(200);
    await arrives(p.email, "passkey-removed");
  });

  it("a new address confirmed: the old address is told with no scheduled job run", async () => {
    const p = await person();
    const address = `new-${randomUUID().slice(0, 8)}@example.com`;
    const res = await call("PUT", "/api/portal/notification-preferences", {
      token: p.token,
      json: { email: address, notify: "each" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await expect.poll(() => to(address), { timeout: 10_000 }).toBeDefined();
    const link = /\/portal\/confirm-address#([\w-]{43})/.exec(to(address)!.text as string)!;
    const confirm = await call("POST", "/api/portal/notification-address/confirm", { json: { token: link[1] } });
    expect(confirm.status, await confirm.clone().text()).toBe(200);
    expect(await confirm.json()).toEqual({ email: address });
    await arrives(p.email, "address-changed");
  });

  it("a bid's link e-mail that fails for good is wiped of its secret", async () => {
    // Queued with delivery after the response off, then failed past the retry window.
    process.env.NOTIFY_SCHEDULED_ONLY = "1";
    resetEnv();
    try {
      const username = `s-${randomUUID().slice(0, 8)}`;
      await db.createStaff(username, PASSWORD);
      const token = await loginAs(username, PASSWORD);
      const res = await call("POST", "/api/portal/bids", {
        token,
        json: bidToSend([{ name: "Jo Client", email: "failing@example.com" }]),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const late = new Date(Date.now() + (RETRY_FOR_HOURS + 1) * 3_600_000);
      const refuse = async () => {
        throw new Error("550 mailbox unavailable");
      };
      expect(await deliverDue(db, refuse, { now: late, context: CONTEXT, recipient: "failing@example.com" })).toEqual({
        sent: 0,
        retrying: 0,
        failed: 1,
      });
      const [row] = await db.query<{ status: string; facts: unknown }>(
        "SELECT status, facts FROM notification_outbox WHERE recipient = 'failing@example.com' AND kind = 'bid-link'",
      );
      expect(row).toEqual({ status: "failed", facts: null });
    } finally {
      delete process.env.NOTIFY_SCHEDULED_ONLY;
      resetEnv();
    }
  });
});
