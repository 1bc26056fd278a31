/**
 * The real signing flow's helpers: the e-mails a bid sends, delivered through the spec's own SMTP server (the
 * server under test has no SMTP_URL), a sender who has a confirmed notification address, the database changes
 * time would make, and a stroke on the signing pad by mouse or by touch.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { expect } from "@playwright/test";
import { createUser } from "../../src/server/auth/commands/users";
import { smtpSend } from "../../src/server/notifications/mailer";
import { deliverDue } from "../../src/server/notifications/outbox";
import type { TestSmtp } from "../../test/smtp";
import { unique } from "./bids";
import { seedWith } from "./seed";
import { withServerDb } from "./server";

const CONTEXT = { siteUrl: "https://www.example.com", from: "Anchor Line Portal <portal@example.com>" };

/** A staff member of this test alone, with a confirmed notification address: their name, address and token. */
export async function senderWithEmail(request: APIRequestContext) {
  const username = `e2e-bids-${randomUUID().slice(0, 8)}`;
  const password = `bid-sender-password-${unique()}`;
  const email = `${username}@example.com`;
  await withServerDb(async (db) => {
    const id = await createUser(db, username, password);
    await db.query("UPDATE staff_users SET email = $2 WHERE id = $1", [id, email]);
  });
  return { username, email, token: await seedWith(request).login({ username, password }) };
}

/** The ids of every sent version of bid `bidId`. */
const versionsOf = (bidId: string) =>
  withServerDb((db) =>
    db.query<{ id: string }>("SELECT id FROM bid_versions WHERE bid_id = $1", [bidId]).then((r) => r.map((v) => v.id)),
  );

/**
 * Sends what bid `bidId`'s versions have queued through `smtp` (only theirs: another spec delivering at the same
 * time must not take them) until `count` e-mails to `to` whose subject contains `subject` arrived; returns them.
 */
export async function bidMails(
  smtp: TestSmtp,
  bidId: string,
  to: string,
  subject: string,
  { count = 1, now }: { count?: number; now?: Date } = {},
): Promise<ParsedMail[]> {
  const found = () =>
    smtp.received.filter(
      (m) => (m.to as { text: string } | undefined)?.text === to && (m.subject ?? "").includes(subject),
    );
  await expect
    .poll(
      async () => {
        const versions = await versionsOf(bidId);
        await withServerDb(async (db) => {
          for (const bidVersionId of versions)
            await deliverDue(db, smtpSend(smtp.url), { context: CONTEXT, bidVersionId, now });
        });
        return found().length;
      },
      { message: `${count} e-mail(s) "${subject}" to ${to}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found();
}

/** The one e-mail to `to` about `subject` (see bidMails). */
export const bidMail = async (smtp: TestSmtp, bidId: string, to: string, subject: string, now?: Date) =>
  (await bidMails(smtp, bidId, to, subject, { now })).at(-1)!;

/** The page path a link e-mail leads to (`/bid#<secret>`), on whatever server the test runs. */
export function linkPath(mail: ParsedMail): string {
  const path = /https:\/\/www\.example\.com(\/bid#[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(mail.text ?? "")?.[1];
  if (!path) throw new Error(`No bid link in: ${mail.text}`);
  return path;
}

/** The 6-digit code a code e-mail carries. */
export function codeIn(mail: ParsedMail): string {
  const code = /Your code is (\d{6})\./.exec(mail.text ?? "")?.[1];
  if (!code) throw new Error(`No code in: ${mail.text}`);
  return code;
}

/** The PDF a sealed e-mail carries. */
export function pdfAttachment(mail: ParsedMail): Buffer {
  const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
  if (!pdf) throw new Error(`No PDF attached to "${mail.subject}"`);
  return pdf.content;
}

/** The id of the newest version of `bidId`. */
export async function newestVersion(bidId: string): Promise<string> {
  const [row] = await withServerDb((db) =>
    db.query<{ id: string }>("SELECT id FROM bid_versions WHERE bid_id = $1 ORDER BY version DESC LIMIT 1", [bidId]),
  );
  return row!.id;
}

/**
 * Changes what a sent version froze, as only the passing of time could (moving its dates back): the guard that
 * refuses such changes is off for this one statement, inside a transaction that holds the table, so no other
 * session ever writes while it is off.
 */
export async function changeSentVersion(versionId: string, set: string): Promise<void> {
  await withServerDb((db) =>
    db.transaction(async (tx) => {
      await tx.query("ALTER TABLE bid_versions DISABLE TRIGGER bid_versions_guard");
      await tx.query(`UPDATE bid_versions SET ${set} WHERE id = $1`, [versionId]);
      await tx.query("ALTER TABLE bid_versions ENABLE TRIGGER bid_versions_guard");
    }),
  );
}

/**
 * Draws a stroke across the signing pad: with the finger (touch events through the DevTools protocol) where the
 * page has touch, else with the mouse.
 */
export async function drawSignature(page: Page, touch: boolean, name = "Signature drawing area"): Promise<void> {
  const pad = page.getByRole("img", { name });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const points = Array.from({ length: 12 }, (_, i) => ({
    x: Math.round(box.x + 15 + (i * (box.width - 30)) / 11),
    y: Math.round(box.y + box.height / 2 + (i % 2 ? -1 : 1) * (box.height / 4)),
  }));
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    const send = (type: "touchStart" | "touchMove" | "touchEnd", at?: { x: number; y: number }) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: at ? [{ ...at, id: 1 }] : [] });
    await send("touchStart", points[0]);
    for (const at of points.slice(1)) await send("touchMove", at);
    await send("touchEnd");
    await cdp.detach();
    return;
  }
  await page.mouse.move(points[0]!.x, points[0]!.y);
  await page.mouse.down();
  for (const at of points.slice(1)) await page.mouse.move(at.x, at.y, { steps: 2 });
  await page.mouse.up();
}

/** Whether the pad (named `name` in the page's language) holds ink: any pixel of the canvas not transparent. */
export const padHasInk = (page: Page, name = "Signature drawing area"): Promise<boolean> =>
  page.getByRole("img", { name }).evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i]) return true;
    return false;
  });
