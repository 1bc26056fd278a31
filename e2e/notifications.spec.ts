/**
 * Notification e-mails in the browser: the settings on the account screen save and show their errors, and a message
 * whose notification failed shows the badge and a working Retry.
 */
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "./fixtures";
import { inboxMessages } from "../src/features/inbox/messages";
import { notificationMessages } from "../src/features/notifications/messages";
import { LAST_RECIPIENT_MESSAGE } from "../src/server/notifications/commands";
import { DEV_STAFF_USER } from "../src/server/config";
import { apiToken, confirmToken, withStoredToken } from "./helpers/portal";
import { notificationRetryPath, seedWith } from "./helpers/seed";
import { withServerDb } from "./helpers/server";

// The tests share the staff member's settings: one after another.
test.describe.configure({ mode: "serial" });
let token = "";

/**
 * Nobody receives notifications: the state every other spec expects. The security-mail spec's own people
 * (e2e-sec-*), whose addresses it sets and confirms while this spec may run beside it, are theirs to keep.
 */
const nobodyNotified = () =>
  withServerDb((db) =>
    db
      .query(
        `UPDATE staff_users SET notify = 'none', email = NULL, pending_email = NULL, pending_email_token_hash = NULL
         WHERE username NOT LIKE 'e2e-sec-%'`,
      )
      .then(() => undefined),
  );

test.beforeAll(async ({ request }) => {
  // A new address needs a recent confirmation (sudo mode); the dialog that asks for it has its own spec.
  token = await confirmToken(request, await apiToken(request), DEV_STAFF_USER.password);
  await nobodyNotified();
});
test.afterAll(nobodyNotified);

async function openAccount(page: Page) {
  await withStoredToken(page, token);
  await page.goto("/portal/account");
  const settings = page.getByRole("region", { name: "Notification e-mails" });
  await expect(settings.getByRole("button", { name: "Save notification settings" })).toBeVisible();
  return settings;
}

const toast = (page: Page, title: string) =>
  page
    .getByRole("region", { name: /Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: title })
    .first();

test("notification settings: an address is required, a save is kept, the last recipient cannot leave", async ({
  page,
  request,
}) => {
  const settings = await openAccount(page);
  const address = settings.getByLabel("Your e-mail address");
  await expect(address).toHaveValue("");
  await expect(settings.getByRole("radio", { name: /No e-mails/ })).toBeChecked();

  // Checked in the browser before anything is sent.
  await settings.getByRole("radio", { name: /Every new message/ }).check();
  await settings.getByRole("button", { name: "Save notification settings" }).click();
  await expect(settings.getByText("Enter the address the e-mails should go to")).toBeVisible();
  await expect(address).toHaveAttribute("aria-invalid", "true");

  await address.fill("estimator@example.com");
  await settings.getByRole("button", { name: "Save notification settings" }).click();
  // A new address waits for the link mailed to it (security-emails.spec.ts follows that e-mail).
  await expect(toast(page, notificationMessages.confirmationSent.title)).toBeVisible();
  const seed = seedWith(request);
  expect(await seed.notificationSettings(token)).toMatchObject({
    email: null,
    notify: "each",
    pendingEmail: "estimator@example.com",
  });
  const link = await withServerDb(async (db) => {
    const [row] = await db.query<{ link: string }>(
      "SELECT facts->>'link' AS link FROM notification_outbox WHERE kind = 'address-confirm' AND recipient = $1 ORDER BY id DESC LIMIT 1",
      ["estimator@example.com"],
    );
    return new URL(row!.link).hash;
  });
  expect(await seed.confirmAddress(link.slice(1))).toEqual({ email: "estimator@example.com" });
  await page.reload();
  await expect(settings.getByText("E-mails go to estimator@example.com.")).toBeVisible();

  // The only recipient turning e-mails off: the server refuses and the form says why.
  await settings.getByRole("radio", { name: /No e-mails/ }).check();
  await settings.getByRole("button", { name: "Save notification settings" }).click();
  await expect(settings.getByRole("alert")).toHaveText(LAST_RECIPIENT_MESSAGE);

  await page.reload();
  const reloaded = page.getByRole("region", { name: "Notification e-mails" });
  await expect(reloaded.getByLabel("Your e-mail address")).toHaveValue("estimator@example.com");
  await expect(reloaded.getByRole("radio", { name: /Every new message/ })).toBeChecked();
});

test("a notification that failed for a day: the badge, a Retry that fails, then one that works", async ({
  page,
  request,
}) => {
  const name = `Failed ${randomUUID().slice(0, 8)}`;
  await seedWith(request).contact({
    firstName: name,
    email: "lead@example.com",
    message: "Please call about the roof",
  });
  // A day of refused attempts, written directly rather than waited for.
  const id = await withServerDb(async (db) => {
    const [message] = await db.query<{ id: string }>("SELECT id FROM contact_messages WHERE first_name = $1", [name]);
    await db.query(
      `INSERT INTO notification_outbox (kind, contact_id, recipient_id, recipient, message_id, status, attempts, last_error)
       SELECT 'message', $1::uuid, id, 'estimator@example.com', 'e2e-' || $1::text || '@example.com', 'failed', 30, '451 Try again later'
       FROM staff_users WHERE username = $2`,
      [message!.id, DEV_STAFF_USER.username],
    );
    return message!.id;
  });

  await withStoredToken(page, token);
  await page.goto("/portal/messages");
  await page.getByRole("button", { name: "All messages" }).click();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card.getByText("Notification failed")).toBeVisible();

  // The server failing the Retry: an error toast, and the badge stays.
  const retryPath = `**${notificationRetryPath(id)}`;
  await page.route(retryPath, (route) => route.fulfill({ status: 502, body: "Bad gateway" }));
  await card.getByRole("button", { name: /Retry notification/ }).click();
  await expect(toast(page, inboxMessages.retryFailed.title)).toBeVisible();
  await expect(card.getByText("Notification failed")).toBeVisible();

  await page.unroute(retryPath);
  await card.getByRole("button", { name: /Retry notification/ }).click();
  await expect(toast(page, inboxMessages.retryQueued.title)).toBeVisible();
  await expect(card.getByText("Notification failed")).toHaveCount(0);
  const rows = await withServerDb((db) =>
    db.query<{ status: string }>("SELECT status FROM notification_outbox WHERE message_id = $1", [
      `e2e-${id}@example.com`,
    ]),
  );
  expect(rows.map((r) => r.status)).not.toContain("failed");
});
