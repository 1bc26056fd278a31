/**
 * The visitor's acknowledgement on the production build: a message sent with the public contact form in the
 * browser is answered by the company's text (src/content/lead-acknowledgement.ts), delivered through this spec's
 * own SMTP server; a second message from the same address the same day gets none.
 */
import type { ParsedMail } from "mailparser";
import { LEAD_ACK_SUBJECT, leadAcknowledgement } from "../src/content/lead-acknowledgement";
import { smtpSend } from "../src/server/notifications/mailer";
import { deliverDue } from "../src/server/notifications/outbox";
import { startSmtp, type TestSmtp } from "../test/smtp";
import { expect, test } from "./fixtures";
import { unique } from "./helpers/bids";
import { hydrateIslands } from "./helpers/page";
import { randomVisitor, seedWith } from "./helpers/seed";
import { withServerDb } from "./helpers/server";

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startSmtp();
});
test.afterAll(() => smtp.close());

const context = { siteUrl: "https://www.example.com", from: "Anchored in Quality <office@example.com>" };

/** The acknowledgements that reached the test SMTP server for `to`. */
const acknowledgementsTo = (to: string): ParsedMail[] =>
  smtp.received.filter((m) => (m.to as { text: string } | undefined)?.text === to && m.subject === LEAD_ACK_SUBJECT);

/** Sends this address's queued e-mails (only its own: other specs deliver theirs) through the test SMTP server. */
const deliverTo = (to: string) => withServerDb((db) => deliverDue(db, smtpSend(smtp.url), { context, recipient: to }));

test("a visitor sends the form and gets the company's acknowledgement; a second message that day gets none", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // Letters only: the acknowledgement greets with a first name only when it looks like one (no digits).
  const first = `Visitor${unique().replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]!)}`;
  const email = `${first.toLowerCase()}@example.com`;
  // A client address of its own, so no other spec's posts count against this one's limit.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": randomVisitor() });
  await page.goto("/contact");
  await hydrateIslands(page);
  await page.getByLabel("Full name").fill(`${first} Garza`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Project details").fill("Exterior repaint of a 24-unit building in Katy, starting in March.");
  // A form sent within 3 s of opening is likely spam, which is never acknowledged: a person takes longer.
  await page.waitForTimeout(3_200);
  await page.getByRole("button", { name: "SEND MESSAGE" }).click();
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Message sent successfully!");

  await expect
    .poll(async () => {
      await deliverTo(email);
      return acknowledgementsTo(email).length;
    })
    .toBe(1);
  const [ack] = acknowledgementsTo(email);
  const text = ack!.text!.replace(/\s+/g, " ");
  for (const paragraph of leadAcknowledgement(first)) expect(text).toContain(paragraph.replace(/\s+/g, " "));

  // The same address again, the same day: the message is a lead, but the outbox holds no second acknowledgement.
  await seedWith(request).contact(
    { firstName: first, lastName: "Garza", email, message: "One more question about the paint colours." },
    randomVisitor(),
  );
  const rows = await withServerDb((db) =>
    db.query<{ kind: string; leads: number }>(
      `SELECT o.kind, (SELECT count(*)::int FROM contact_messages
         WHERE email = $1 AND spam_reason IS NULL AND NOT held) AS leads
       FROM notification_outbox o WHERE o.recipient = $1`,
      [email],
    ),
  );
  expect(rows.map((r) => r.kind)).toEqual(["lead-ack"]);
  expect(rows[0]!.leads).toBe(2);
  await deliverTo(email);
  expect(acknowledgementsTo(email)).toHaveLength(1);
});
