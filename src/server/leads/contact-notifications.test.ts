import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { CONTACT_RATE_LIMIT } from "~/server/config";
import { resetEnv } from "~/server/env";
import { answer, call, callUnchecked, describeEachBackend, loginAs, randomIp } from "../../../test/api";
import { startSmtp, type TestSmtp } from "../../../test/smtp";

const message = {
  firstName: "Dana",
  lastName: "Ortiz",
  email: "dana@example.com",
  projectType: "general",
  message: "Repaint 40 units before March",
};

describeEachBackend("contact form: notification e-mails", (db) => {
  let smtp: TestSmtp;
  let each: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = smtp.url;
    process.env.MAIL_FROM = "Anchor Line Portal <portal@example.com>";
    resetEnv();
    each = [`a-${randomUUID()}@example.com`, `b-${randomUUID()}@example.com`];
    const choices = [...each.map((email) => ["each", email]), ["digest", "d@example.com"], ["none", "n@example.com"]];
    for (const [notify, email] of choices) {
      const id = await db.createStaff(`s-${randomUUID().slice(0, 8)}`, "correct horse battery staple");
      await db.query("UPDATE staff_users SET email = $2, notify = $3 WHERE id = $1", [id, email, notify]);
    }
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
    resetEnv();
    await smtp.close();
  });
  beforeEach(async () => {
    smtp.mode = "accept";
    smtp.received.length = 0;
    await db.query("DELETE FROM notification_outbox");
  });

  const outbox = (contactId?: string) =>
    db.query<{ recipient: string; status: string }>(
      `SELECT recipient, status FROM notification_outbox WHERE kind = 'message' AND ($1::uuid IS NULL OR contact_id = $1)
       ORDER BY recipient`,
      [contactId ?? null],
    );
  /** What reached staff (the sender's acknowledgement aside). */
  const toStaff = () => smtp.received.filter((m) => each.includes((m.to as { text: string }).text));
  const newest = async () =>
    (await db.query<{ id: string }>("SELECT id FROM contact_messages ORDER BY created_at DESC LIMIT 1"))[0]!.id;

  it("queues one e-mail per staff member who wants every message, and sends them right after the response", async () => {
    const res = await call("POST", "/api/contact", { json: message, ip: randomIp() });
    expect(res.status).toBe(201);
    const id = await newest();
    expect((await outbox(id)).map((r) => r.recipient)).toEqual([...each].sort());
    // Nothing but the attempt after the response sends here (no scheduled job runs in this test).
    await expect.poll(() => toStaff().length, { timeout: 5_000 }).toBe(2);
    expect(
      toStaff()
        .map((m) => (m.to as { text: string }).text)
        .sort(),
    ).toEqual([...each].sort());
    expect(toStaff()[0]!.text).toContain("Repaint 40 units before March");
    await expect
      .poll(async () => (await outbox(id)).map((r) => r.status), { timeout: 5_000 })
      .toEqual(["sent", "sent"]);
  });

  it("the no-JavaScript form queues and sends the same way", async () => {
    const fields = { fullName: "Lee Park", email: "lee@example.com", message: "Bid on a roof" };
    const res = await callUnchecked("POST", "/api/contact/form", {
      raw: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      ip: randomIp(),
    });
    expect(res.status).toBe(303);
    expect(await outbox(await newest())).toHaveLength(2);
    await expect.poll(() => toStaff().length, { timeout: 5_000 }).toBe(2);
  });

  it("a refused send does not fail the response; the row waits for the scheduled job", async () => {
    smtp.mode = "refuse";
    const res = await call("POST", "/api/contact", { json: message, ip: randomIp() });
    expect(res.status).toBe(201);
    const id = await newest();
    // Both attempts are over once each row has recorded its error.
    const errors = () =>
      db.query<{ e: string | null }>(
        "SELECT last_error AS e FROM notification_outbox WHERE contact_id = $1 AND kind = 'message'",
        [id],
      );
    await expect
      .poll(async () => (await errors()).filter((r) => /451|Try again/.test(r.e ?? "")).length, { timeout: 5_000 })
      .toBe(2);
    expect((await outbox(id)).map((r) => r.status)).toEqual(["pending", "pending"]);
  });

  it("a message refused by the throttle or the honeypot queues nothing", async () => {
    const ip = randomIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.perIp; i++) {
      expect((await call("POST", "/api/contact", { json: message, ip })).status).toBe(201);
    }
    expect((await call("POST", "/api/contact", { json: message, ip })).status).toBe(429);
    const honeypot = await call("POST", "/api/contact", { json: { ...message, website: "x" }, ip: randomIp() });
    expect(honeypot.status).toBe(201);
    expect(await outbox()).toHaveLength(2 * CONTACT_RATE_LIMIT.perIp);
    await expect.poll(() => toStaff().length, { timeout: 5_000 }).toBe(2 * CONTACT_RATE_LIMIT.perIp);
  });
});

describeEachBackend("inbox: a failed notification and its Retry", (db) => {
  let smtp: TestSmtp;
  let token = "";

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = smtp.url;
    resetEnv();
    const id = await db.createStaff("retrier", "correct horse battery staple");
    // Signed in before the address is set: a new-device notice would leave right after the sign-in, and land in
    // the counts below.
    token = await loginAs("retrier", "correct horse battery staple");
    await db.query("UPDATE staff_users SET email = 'retrier@example.com', notify = 'each' WHERE id = $1", [id]);
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    resetEnv();
    await smtp.close();
  });

  const listed = async (id: string) => {
    const records = await answer(await call("GET", "/api/contacts", { token }), 200);
    return records.find((r) => r.id === id)!;
  };

  it("the inbox shows the failure; Retry queues the e-mail again and sends it at once", async () => {
    smtp.mode = "refuse";
    await call("POST", "/api/contact", { json: message, ip: randomIp() });
    const [{ id }] = (await db.query<{ id: string }>("SELECT id FROM contact_messages")) as [{ id: string }];
    expect(await listed(id)).toMatchObject({ notificationFailed: false });
    // A day of refusals is what fails it; the state is written directly rather than waited for. Both e-mails (the
    // staff member's and the sender's acknowledgement) have had their first refusal before the server accepts.
    await expect
      .poll(
        async () =>
          (await db.query("SELECT 1 FROM notification_outbox WHERE attempts = 1 AND last_error IS NOT NULL")).length,
      )
      .toBe(2);
    await db.query("UPDATE notification_outbox SET status = 'failed' WHERE contact_id = $1 AND kind = 'message'", [id]);
    expect(await listed(id)).toMatchObject({ notificationFailed: true });

    smtp.mode = "accept";
    smtp.received.length = 0;
    const retry = await call("POST", "/api/contacts/:id/notification-retry", { param: { id }, token });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ queued: 1 });
    expect(await listed(id)).toMatchObject({ notificationFailed: false });
    await expect.poll(() => smtp.received.length, { timeout: 5_000 }).toBe(1);

    // Nothing failed any more: a second Retry has nothing to do.
    const again = await call("POST", "/api/contacts/:id/notification-retry", { param: { id }, token });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({
      error: "This message has no failed notification to retry",
      code: "not_found",
    });
  });

  it("needs a signed-in staff member and a message id", async () => {
    const retry = (token?: string) =>
      call("POST", "/api/contacts/:id/notification-retry", {
        param: { id: "00000000-0000-4000-8000-000000000000" },
        token,
      });
    expect((await retry()).status).toBe(401);
    expect((await retry(token)).status).toBe(404);
    expect((await call("POST", "/api/contacts/:id/notification-retry", { param: { id: "nope" }, token })).status).toBe(
      404,
    );
  });
});
