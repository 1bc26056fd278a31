import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { smtpSend } from "./mailer";
import { deliverDue, queueDigests, queueMessageNotifications, retryFailed, RETRY_FOR_HOURS } from "./outbox";
import { describeEachBackend } from "../../../test/api";
import { startSmtp, type TestSmtp } from "../../../test/smtp";

const HOST = "portal.example.com";
const CONTEXT = { siteUrl: `https://${HOST}`, from: "Anchor Line Portal <portal@example.com>" };
/** Short SMTP time limits, so a silent server fails the send within the test. */
const QUICK = { connectionMs: 1_000, greetingMs: 1_000, socketMs: 1_000 };

describeEachBackend("notification outbox", (db) => {
  let smtp: TestSmtp;
  const deliver = (options: { now?: Date; contactId?: string; recipient?: string } = {}) =>
    deliverDue(db, smtpSend(smtp.url, QUICK), { ...options, context: CONTEXT });

  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());
  beforeEach(async () => {
    smtp.mode = "accept";
    smtp.received.length = 0;
    await db.query("DELETE FROM notification_outbox");
    await db.query("DELETE FROM contact_messages");
    await db.query("UPDATE staff_users SET notify = 'none'");
  });

  /** A staff member with an address and a choice; returns the id. */
  async function staff(notify: "each" | "digest" | "none", email = `${randomUUID()}@example.com`) {
    const id = await db.createStaff(`s-${randomUUID().slice(0, 8)}`, "correct horse battery staple");
    await db.query("UPDATE staff_users SET email = $2, notify = $3 WHERE id = $1", [id, email, notify]);
    return id;
  }

  /** Stores a contact message as the contact form does, its notifications queued in the same transaction. */
  async function message(
    fields: Partial<Record<"first" | "last" | "email" | "phone" | "text", string>> = {},
    at?: Date,
  ) {
    return db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO contact_messages (first_name, last_name, email, phone, project_type, message, created_at)
         VALUES ($1, $2, $3, $4, 'general', $5, coalesce($6, now())) RETURNING id`,
        [
          fields.first ?? "Dana",
          fields.last ?? "Lopez",
          fields.email ?? "dana@example.com",
          fields.phone ?? "(713) 555-0100",
          fields.text ?? "We need 182 units repainted before the spring leasing season starts.",
          at ?? null,
        ],
      );
      await queueMessageNotifications(tx, row!.id, HOST);
      return row!.id;
    });
  }

  it("e-mails each staff member who asked for every message: subject, Reply-To, the whole message, a link", async () => {
    const [a, b] = [`a-${randomUUID()}@example.com`, `b-${randomUUID()}@example.com`];
    await staff("each", a);
    await staff("each", b);
    await staff("digest");
    await staff("none");
    const id = await message();
    expect(await deliver()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(smtp.received.map((m) => m.to && "text" in m.to && m.to.text).sort()).toEqual([a, b].sort());
    const mail = smtp.received[0]!;
    expect(mail.subject).toBe("New message from Dana Lopez: We need 182 units repainted before the spring…");
    expect(mail.replyTo?.value[0]).toMatchObject({ address: "dana@example.com", name: "Dana Lopez" });
    expect(mail.from?.text).toContain("portal@example.com");
    expect(mail.text).toContain("We need 182 units repainted before the spring leasing season starts.");
    expect(mail.text).toContain(`https://${HOST}/portal/messages#message-${id}`);
    expect(mail.html).toContain(`href="https://${HOST}/portal/messages#message-${id}"`);
    expect(mail.html).not.toMatch(/<img|<script/i);
    expect(mail.messageId).toMatch(new RegExp(`^<message-${id}-[0-9a-f-]+@${HOST}>$`));
    // Nothing left to send: a second round sends nothing.
    expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it("a round scoped to one address sends only that address's e-mails and leaves the rest due", async () => {
    const [a, b] = [`a-${randomUUID()}@example.com`, `b-${randomUUID()}@example.com`];
    await staff("each", a);
    await staff("each", b);
    await message();
    expect(await deliver({ recipient: b })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(smtp.received.map((m) => (m.to as { text: string }).text)).toEqual([b]);
    expect(await deliver()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(smtp.received.map((m) => (m.to as { text: string }).text)).toEqual([b, a]);
  });

  it.each([
    ["first name", { first: "Dana\r\nBcc: victim@example.com" }],
    ["last name", { last: "Lopez\nBcc: victim@example.com\r\n\r\nfake body" }],
    ["e-mail", { email: "dana@example.com\r\nBcc: victim@example.com" }],
    ["phone", { phone: "713\r\nBcc: victim@example.com" }],
    ["message", { text: "Hello\r\nBcc: victim@example.com\r\n\r\nInjected" }],
  ])("a CR/LF in the %s cannot add a header", async (_field, fields) => {
    await staff("each", "owner@example.com");
    await message(fields);
    await deliver();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.has("bcc")).toBe(false);
    expect((mail.to as { text: string }).text).toBe("owner@example.com");
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it("a server that refuses is retried after a pause with the same Message-ID, and the mail arrives once", async () => {
    await staff("each");
    await message();
    const start = new Date();
    smtp.mode = "refuse";
    expect(await deliver({ now: start })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [row] = await db.query<{ attempts: number; next: Date; error: string; mid: string }>(
      "SELECT attempts, next_attempt_at AS next, last_error AS error, message_id AS mid FROM notification_outbox",
    );
    expect(row!.attempts).toBe(1);
    expect(new Date(row!.next).getTime()).toBe(start.getTime() + 60_000);
    expect(row!.error).toMatch(/451|Try again/);
    smtp.mode = "accept";
    // Not due yet: nothing happens until the pause is over.
    expect(await deliver({ now: new Date(start.getTime() + 30_000) })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await deliver({ now: new Date(start.getTime() + 61_000) })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(smtp.received.map((m) => m.messageId)).toEqual([`<${row!.mid}>`]);
  });

  it("a server that never answers fails the attempt within the time limits instead of holding the worker", async () => {
    await staff("each");
    await message();
    smtp.mode = "hang";
    const started = performance.now();
    expect(await deliver()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it(`after ${RETRY_FOR_HOURS} hours of failures a notification is failed; Retry queues it again`, async () => {
    await staff("each");
    const id = await message();
    smtp.mode = "refuse";
    const written = new Date();
    await deliver({ now: written });
    const late = new Date(written.getTime() + RETRY_FOR_HOURS * 3_600_000);
    expect(await deliver({ now: late })).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await db.query("SELECT status FROM notification_outbox")).toEqual([{ status: "failed" }]);
    smtp.mode = "accept";
    expect(await retryFailed(db, id)).toBe(1);
    expect(await deliver()).toEqual({ sent: 1, retrying: 0, failed: 0 });
  });

  it("two workers racing never send one row twice", async () => {
    await staff("each");
    await staff("each");
    for (let i = 0; i < 15; i++) await message({ text: `Message ${i}` });
    const results = await Promise.all([deliver(), deliver(), deliver()]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(30);
    const ids = smtp.received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(30);
    expect(ids).toHaveLength(30);
  });

  it("the daily digest leaves at 7:00 company time with the day's messages, once", async () => {
    const reader = await staff("digest", "digest@example.com");
    await staff("each");
    // 2026-03-10: Chicago is UTC-5 (daylight time since March 8). 7:00 there is 12:00 UTC.
    await message({ text: "Yesterday evening's bid invitation" }, new Date("2026-03-09T23:30:00Z"));
    await message({ text: "This morning's question" }, new Date("2026-03-10T11:59:00Z"));
    await message({ text: "After the digest left" }, new Date("2026-03-10T12:01:00Z"));
    await db.query("DELETE FROM notification_outbox WHERE kind = 'message'");
    expect(await queueDigests(db, new Date("2026-03-10T11:59:59Z"), HOST)).toBe(0);
    expect(await queueDigests(db, new Date("2026-03-10T12:00:00Z"), HOST)).toBe(1);
    expect(await queueDigests(db, new Date("2026-03-10T18:00:00Z"), HOST)).toBe(0);
    expect(await deliver({ now: new Date("2026-03-10T12:00:30Z") })).toMatchObject({ sent: 1 });
    const digest = smtp.received[0]!;
    expect((digest.to as { text: string }).text).toBe("digest@example.com");
    expect(digest.subject).toMatch(/2 new messages for 2026-03-10/);
    expect(digest.text).toContain("This morning's question");
    expect(digest.text).toContain("Yesterday evening's bid invitation");
    expect(digest.text).not.toContain("After the digest left");
    expect(digest.messageId).toBe(`<digest-2026-03-10-${reader}@${HOST}>`);
  });

  it("a day without messages sends no digest", async () => {
    await staff("digest");
    expect(await queueDigests(db, new Date("2026-07-01T13:00:00Z"), HOST)).toBe(0);
  });
});
