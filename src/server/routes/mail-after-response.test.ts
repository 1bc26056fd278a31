import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { useBidPdf } from "~/server/bids/pdf-port";
import { resetEnv } from "~/server/env";
import { deliverDue, RETRY_FOR_HOURS } from "~/server/notifications/outbox";
import { bidToSend, fakeBidPdf } from "../../../test/fixtures/sent-bid";
import { call, confirmed as sudo, describeEachBackend, loginAs } from "../../../test/api";
import { startSmtp, type TestSmtp } from "../../../test/smtp";

const PASSWORD = "correct horse battery staple";
const CONTEXT = { siteUrl: "https://portal.example.com", from: "Anchor Line Portal <portal@example.com>" };

describeEachBackend("e-mails leave right after the response; a failed one keeps no secret", (db) => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    useBidPdf(fakeBidPdf());
    smtp = await startSmtp();
    process.env.SMTP_URL = smtp.url;
    resetEnv();
  });
  afterAll(async () => {
    useBidPdf(undefined);
    delete process.env.SMTP_URL;
    resetEnv();
    await smtp.close();
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
