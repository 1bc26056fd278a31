/**
 * The Leads screen (docs/leads.md) on the production build: an admin gives a lead to a staff member, who replies
 * from the portal; the reply reaches the sender through a real SMTP server, From the company and Reply-To the
 * staff member's confirmed address, and the lead shows contacted with its time to first reply. "Start a proposal"
 * carries the lead into the editor and its Send dialog, and the proposal sent is listed on the lead. axe at 375
 * and 1280 px. Each lead is opened by its address (`#lead-<id>`, as e-mails link it): other specs fill the list
 * meanwhile.
 */
import { randomUUID } from "node:crypto";
import type { ParsedMail } from "mailparser";
import { inboxMessages } from "../src/features/inbox/messages";
import { leadMessages } from "../src/features/leads/messages";
import { createUser } from "../src/server/auth/commands/users";
import { smtpSend } from "../src/server/notifications/mailer";
import { deliverDue } from "../src/server/notifications/outbox";
import type { BidInput } from "../test/seed";
import { startSmtp, type TestSmtp } from "../test/smtp";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { unique } from "./helpers/bids";
import { settle } from "./helpers/page";
import { apiToken, withStoredToken } from "./helpers/portal";
import { expectToast, field } from "./helpers/proposal-editor";
import { API, randomVisitor, seedWith } from "./helpers/seed";
import { withServerDb } from "./helpers/server";

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startSmtp();
});
test.afterAll(() => smtp.close());

/** A message through the public form's API, from an address of its own; the lead's id and sender. */
async function newLead(request: APIRequestContext): Promise<{ id: string; name: string; email: string }> {
  const first = `Lead${unique()}`;
  const email = `${first.toLowerCase()}@example.com`;
  const message = { firstName: first, lastName: "Tester", email, phone: "", projectType: "general" };
  await seedWith(request).contact({ ...message, message: "A new roof for our 12 units, please." }, randomVisitor());
  const [row] = await withServerDb((db) =>
    db.query<{ id: string }>("SELECT id FROM contact_messages WHERE first_name = $1", [first]),
  );
  return { id: row!.id, name: `${first} Tester`, email };
}

/** A staff member with a display name and a confirmed notification address, signed in through the API. */
async function staffMember(request: APIRequestContext) {
  const tag = randomUUID().slice(0, 8);
  const username = `e2e-lead-${tag}`;
  const email = `${username}@staff.example.com`;
  const displayName = `Dana ${tag}`;
  const password = "leads-staff-password-e2e";
  await withServerDb(async (db) => {
    const id = await createUser(db, username, password);
    await db.query("UPDATE staff_users SET email = $2, display_name = $3 WHERE id = $1", [id, email, displayName]);
  });
  return { email, displayName, token: await seedWith(request).login({ username, password }) };
}

/** Sends what the outbox holds through the test SMTP server until a mail to `to` about `subject` arrives. */
async function mailTo(to: string, subject: string): Promise<ParsedMail> {
  const context = { siteUrl: "https://www.example.com", from: "Anchor Line Portal <portal@example.com>" };
  const find = () =>
    smtp.received.find(
      (m) => (m.to as { text: string } | undefined)?.text.includes(to) && m.subject?.includes(subject),
    );
  await expect
    .poll(async () => {
      await withServerDb((db) => deliverDue(db, smtpSend(smtp.url), { context }));
      return !!find();
    })
    .toBe(true);
  return find()!;
}

const detailOf = (page: Page, name: string) => page.getByRole("article", { name });

test("an admin assigns a lead; its owner replies from the portal: Reply-To theirs, the lead contacted with its time", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const lead = await newLead(request);
  const person = await staffMember(request);

  await withStoredToken(page, await apiToken(request));
  await page.goto(`/portal/messages#lead-${lead.id}`);
  const detail = detailOf(page, lead.name);
  await expect(detail.getByLabel("Owner")).toHaveValue("");
  await detail.getByLabel("Owner").selectOption({ label: person.displayName });
  await expectToast(page, leadMessages.saved.title);

  // The list, filtered by that owner, shows this one lead: new, owned, waiting for its first reply.
  await page.getByRole("button", { name: "All leads" }).click();
  await page.getByLabel("Owner").selectOption({ label: person.displayName });
  const rows = page.getByRole("list", { name: "Leads" }).getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(lead.name);
  await expect(rows.first()).toContainText(person.displayName);
  await expect(rows.first().locator("[data-status]")).toHaveText("New");

  // The owner writes the reply.
  await page.evaluate((token) => localStorage.setItem("portalToken", token), person.token);
  await page.goto(`/portal/messages#lead-${lead.id}`);
  // Only the fragment changed: the page loads again to sign in as the owner.
  await page.reload();
  const text = "Thank you for writing. We can walk the roof with you on Monday at 9.";
  await detail.getByLabel("Reply to the sender").fill(text);
  await detail.getByRole("button", { name: "Send reply" }).click();
  await expectToast(page, leadMessages.replySent.title, leadMessages.replySent.description);
  await expect(detail.locator("header [data-status]")).toHaveText("Contacted");
  await expect(detail.getByTestId("lead-clock")).toHaveText(/^First reply in \d+ business (minute|hour)/);
  const thread = detail.getByRole("list", { name: "Thread" });
  await expect(thread).toContainText(text);
  await expect(thread).toContainText(`Reply-To ${person.email}`);

  const mail = await mailTo(lead.email, "Re: your message");
  expect(mail.replyTo?.text).toContain(`<${person.email}>`);
  expect(mail.text).toContain(text);
  await page.reload();
  await expect(thread.locator("[data-delivery]")).toHaveText("Sent");
});

test("the e-mails' link to a lead (/portal/leads#lead-<id>) opens that lead on the one Leads screen", async ({
  page,
  request,
}) => {
  const lead = await newLead(request);
  await withStoredToken(page, await apiToken(request));
  await page.goto(`/portal/leads#lead-${lead.id}`);
  await expect(page).toHaveURL(new RegExp(`/portal/messages#lead-${lead.id}$`));
  await expect(detailOf(page, lead.name).getByLabel("Owner")).toBeVisible();
});

test("'Mark as spam' on a lead: it closes, leaves the Leads, and waits in the Spam view", async ({ page, request }) => {
  const lead = await newLead(request);
  await withStoredToken(page, await apiToken(request));
  await page.goto(`/portal/messages#lead-${lead.id}`);
  await detailOf(page, lead.name).getByRole("button", { name: "Mark as spam" }).click();
  await expectToast(page, inboxMessages.movedToSpam.title, inboxMessages.movedToSpam.description);
  await expect(detailOf(page, lead.name)).toHaveCount(0);
  await expect(page).toHaveURL(/\/portal\/messages$/);
  await expect(page.getByRole("list", { name: "Leads" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Leads" })).not.toContainText(lead.name);
  await page.getByRole("button", { name: "Spam", exact: true }).click();
  await expect(page.getByRole("listitem").filter({ hasText: lead.name })).toContainText("Spam: marked by staff");
});

test("Start a proposal: the editor and the Send dialog carry the lead; the proposal sent is listed on it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const lead = await newLead(request);
  await withStoredToken(page, await apiToken(request));
  await page.goto(`/portal/messages#lead-${lead.id}`);
  await detailOf(page, lead.name).getByRole("link", { name: "Start a proposal" }).click();
  await expect(page).toHaveURL(new RegExp(`/portal/proposal-editor\\?lead=${lead.id}$`));
  await expect(field(page, "Project name")).toHaveText(`Project for ${lead.name}`);

  await page.getByRole("button", { name: "Send to client" }).click();
  const dialog = page.getByRole("dialog", { name: "Send to client" });
  await expect(dialog.getByLabel("Full name")).toHaveValue(lead.name);
  await expect(dialog.getByLabel("E-mail")).toHaveValue(lead.email);
  const posted = page.waitForRequest((r) => new URL(r.url()).pathname === API.bids && r.method() === "POST");
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  const body = (await posted).postDataJSON() as BidInput;
  expect(body.leadId).toBe(lead.id);
  expect(body.document.content.projectName).toBe(`Project for ${lead.name}`);
  await expectToast(page, `Proposal sent to ${lead.name}`);

  // The editor keeps the document as unsaved work and asks before leaving; leaving is what this test wants.
  page.on("dialog", (d) => void d.accept());
  await page.goto(`/portal/messages#lead-${lead.id}`);
  const detail = detailOf(page, lead.name);
  await expect(detail.locator("header [data-status]")).toHaveText("Proposal sent");
  const proposals = detail.getByRole("region", { name: "Proposals" });
  await expect(proposals.getByRole("link", { name: `Project for ${lead.name}` })).toBeVisible();
  await expect(proposals.locator("[data-status]")).toHaveText(/Sent/);
});

test("axe finds nothing on the Leads list and a lead's detail at 375 and 1280 px", async ({ page, request }) => {
  const lead = await newLead(request);
  await withStoredToken(page, await apiToken(request));
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/portal/messages");
    await expect(page.getByRole("list", { name: "Leads" })).toBeVisible();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`/portal/messages#lead-${lead.id}`);
    await expect(detailOf(page, lead.name).getByRole("region", { name: "Replies" })).toBeVisible();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
  }
});
