/**
 * Security e-mails and confirmed notification addresses in the browser: the link mailed to a new address arrives
 * in a real SMTP server and confirms the address when opened; a password change e-mails the owner. Each test has
 * a staff member of its own (the dev user's settings belong to notifications.spec.ts), who asks for no
 * new-message e-mails, so other specs' messages never reach them.
 */
import { randomUUID } from "node:crypto";
import type { ParsedMail } from "mailparser";
import { createUser } from "../src/server/auth/commands/users";
import { smtpSend } from "../src/server/notifications/mailer";
import { deliverDue } from "../src/server/notifications/outbox";
import { SECURITY_NOTICES } from "../src/server/notifications/security-texts";
import { accountMessages } from "../src/features/account/messages";
import { notificationMessages } from "../src/features/notifications/messages";
import { startSmtp, type TestSmtp } from "../test/smtp";
import { expect, test, type Page } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { apiToken, withStoredToken } from "./helpers/portal";
import { seedWith } from "./helpers/seed";
import { withServerDb } from "./helpers/server";

const PASSWORD = "security-mail-password-e2e";
let smtp: TestSmtp;

test.beforeAll(async () => {
  smtp = await startSmtp();
});
test.afterAll(() => smtp.close());

/** A new staff member in the server's database, signed in through the API: their name and token. */
async function person(request: import("@playwright/test").APIRequestContext, email: string | null = null) {
  const username = `e2e-sec-${randomUUID().slice(0, 8)}`;
  await withServerDb(async (db) => {
    const id = await createUser(db, username, PASSWORD);
    await db.query("UPDATE staff_users SET email = $2 WHERE id = $1", [id, email]);
  });
  const seed = seedWith(request);
  // Confirmed (sudo mode), as a new address and a new password need; the dialog that asks has its own spec.
  const token = await seed.confirm(await seed.login({ username, password: PASSWORD }), PASSWORD);
  return { username, token };
}

/**
 * Sends what the outbox holds through the test SMTP server (the scheduled job of this server has no SMTP_URL)
 * until an e-mail to `to` whose subject contains `subject` arrives; returns it.
 */
async function mailTo(to: string, subject: string): Promise<ParsedMail> {
  const context = { siteUrl: "https://www.example.com", from: "Anchor Line Portal <portal@example.com>" };
  const find = () =>
    smtp.received.find((m) => (m.to as { text: string } | undefined)?.text === to && m.subject?.includes(subject));
  await expect
    .poll(async () => {
      // Only this address's rows: specs that run beside this one deliver their own through their own servers.
      await withServerDb((db) => deliverDue(db, smtpSend(smtp.url), { context, recipient: to }));
      return !!find();
    })
    .toBe(true);
  return find()!;
}

const toast = (page: Page, title: string) =>
  page
    .getByRole("region", { name: /Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: title })
    .first();

/** axe at desktop and phone width. */
async function axeClean(page: Page) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a new notification address: the link arrives by e-mail and confirms it in the browser", async ({
  page,
  request,
}) => {
  const { token } = await person(request);
  const address = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  await withStoredToken(page, token);
  await page.goto("/portal/account");
  const settings = page.getByRole("region", { name: "Notification e-mails" });
  await expect(settings.getByText("No confirmed address: no e-mails are sent to you.")).toBeVisible();
  await settings.getByLabel("Your e-mail address").fill(address);
  await settings.getByRole("button", { name: "Save notification settings" }).click();
  await expect(toast(page, notificationMessages.confirmationSent.title)).toBeVisible();
  await expect(settings.getByText(`Confirmation pending: open the link we sent to ${address}`)).toBeVisible();
  await axeClean(page);

  const mail = await mailTo(address, SECURITY_NOTICES["address-confirm"].subject);
  const link = /https:\/\/www\.example\.com(\/portal\/confirm-address#[\w-]+)/.exec(mail.text ?? "")?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Address confirmed" })).toBeVisible();
  await expect(page.getByText(`Portal e-mails now go to ${address}.`)).toBeVisible();
  // The secret leaves the address bar.
  expect(new URL(page.url()).hash).toBe("");
  await axeClean(page);

  // The account screen shows the address as the one in use, and a second opening of the link is refused.
  await page.goto("/portal/account");
  await expect(page.getByText(`E-mails go to ${address}.`)).toBeVisible();
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("not valid or has expired");

  // A link cut short on its way (a mail client wrapping it) says so, not "Invalid request body".
  await page.goto("about:blank");
  await page.goto(link!.slice(0, link!.indexOf("#") + 11));
  await expect(page.getByRole("alert")).toContainText("This link is not complete. Open it from the e-mail again.");
});

test("a password change e-mails the owner at their confirmed address", async ({ page, request }) => {
  const address = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  const { token } = await person(request, address);
  await withStoredToken(page, token);
  await page.goto("/portal/account");
  const section = page.getByRole("region", { name: "Password" });
  await section.getByLabel("Current password").fill(PASSWORD);
  await section.getByLabel("New password").fill(`a much newer passphrase ${randomUUID().slice(0, 6)}`);
  await section.getByRole("button", { name: "Change password" }).click();
  // Two scrypt hashes on the server (check the old password, hash the new one): more than the default wait.
  await expect(toast(page, accountMessages.passwordChanged.title)).toBeVisible({ timeout: 30_000 });

  const mail = await mailTo(address, SECURITY_NOTICES["password-changed"].subject);
  expect(mail.text).toContain("The password of your portal account was changed");
  expect(mail.text).toContain("If this was not you");
  expect(mail.html).not.toMatch(/<img|<script/i);
});

test("admins see each person's notification address and whether it is confirmed", async ({ page, request }) => {
  const { username } = await person(request, "confirmed-e2e@example.com");
  await withServerDb((db) =>
    db.query(
      "UPDATE staff_users SET pending_email = 'waiting-e2e@example.com', pending_email_token_hash = md5(random()::text), pending_email_expires_at = now() + interval '1 day' WHERE username = $1",
      [username],
    ),
  );
  await withStoredToken(page, await apiToken(request));
  await page.goto("/portal/staff");
  const card = page.getByRole("listitem").filter({ hasText: username });
  await expect(
    card.getByText("confirmed-e2e@example.com (confirmed); waiting-e2e@example.com not confirmed yet"),
  ).toBeVisible();
  await axeClean(page);
});
