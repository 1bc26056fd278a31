/**
 * The staff inbox (docs/requirements.md#inbox): every message from the contact form, the Leads screen's "All
 * messages" view (with Held and Spam beside it), against the running app. The leads themselves: leads.spec.ts.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { isMobile, settle } from "./helpers/page";
import { signedIn } from "./helpers/portal";
import { API, seedWith } from "./helpers/seed";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const messagesLink = (page: Page) =>
  page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: /^Leads/ });
/** Opens the Leads screen's view of every message. */
const showAll = (page: Page) => page.getByRole("button", { name: "All messages" }).click();
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Posts a message through the public form's API, from an address of its own (the form is throttled per IP). */
async function sendMessage(request: APIRequestContext, fields: { first: string; phone?: string; message: string }) {
  await seedWith(request).contact({
    firstName: fields.first,
    lastName: "Tester",
    email: `${fields.first.toLowerCase()}@example.com`,
    phone: fields.phone ?? "",
    projectType: "general",
    message: fields.message,
  });
}

/** The count beside "Leads" in the navigation (0 when no badge is shown): the unanswered leads. */
async function navCount(page: Page): Promise<number> {
  const text = (await messagesLink(page).innerText()).replace(/[^\d]/g, "");
  return text ? Number(text) : 0;
}

const card = (page: Page, name: string): Locator =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });

/** Opens All messages at the card of `name`; the card, and the count beside Leads then. */
async function openCard(page: Page, name: string): Promise<{ item: Locator; before: number }> {
  await page.goto("/portal/messages");
  await showAll(page);
  const item = card(page, name);
  await expect(item).toBeVisible();
  await expect(messagesLink(page)).toContainText(/\d/);
  return { item, before: await navCount(page) };
}

test("a message from the contact form: name, links, text with line breaks, arrival time; mark handled and back", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const first = `Ines${unique()}`;
  // Another unhandled message keeps the count showing once this one is handled (on a fresh database it would
  // otherwise be the only one).
  await sendMessage(request, { first: `Keep${unique()}`, message: "Still unhandled" });
  await sendMessage(request, { first, phone: "(214) 555-0142", message: "Line one\nLine two" });
  await signedIn(page, request);
  await page.goto("/portal/messages");
  await expect(page.getByRole("button", { name: "Leads" })).toHaveAttribute("aria-pressed", "true");
  await showAll(page);

  const item = card(page, `${first} Tester`);
  await expect(item).toBeVisible();
  await expect(page.getByRole("button", { name: "All messages" })).toHaveAttribute("aria-pressed", "true");
  await expect(item.getByRole("link", { name: `${first.toLowerCase()}@example.com` })).toHaveAttribute(
    "href",
    `mailto:${first.toLowerCase()}@example.com`,
  );
  await expect(item.getByRole("link", { name: "(214) 555-0142" })).toHaveAttribute("href", "tel:2145550142");
  const text = item.getByText(/Line one/);
  expect(await text.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("pre-line");
  expect(await text.innerText()).toBe("Line one\nLine two");
  const time = item.locator("time");
  await expect(time).toHaveText(/just now|minute/);
  await time.focus();
  await expect(page.getByRole("tooltip")).toContainText(/\w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}/);
  await expect(item).toContainText("Unhandled");

  await expect(messagesLink(page)).toContainText(/\d/);
  const before = await navCount(page);
  expect(before).toBeGreaterThan(0);
  await item.getByRole("button", { name: /Mark handled/ }).click();
  await expect(item).toHaveAttribute("data-handled", "true");
  await expect(item.getByRole("button", { name: /Mark unhandled/ })).toBeEnabled();
  await expect.poll(() => navCount(page)).toBe(before - 1);

  // It stays handled after a reload: its lead is contacted, and the message shows handled under All messages.
  await page.reload();
  await expect(card(page, `${first} Tester`)).toContainText("Contacted");
  await showAll(page);
  const handled = card(page, `${first} Tester`);
  await expect(handled).toHaveAttribute("data-handled", "true");
  // Other specs send and handle messages meanwhile: the count is read again after the reload.
  await expect(messagesLink(page)).toContainText(/\d/);
  const afterReload = await navCount(page);
  await handled.getByRole("button", { name: /Mark unhandled/ }).click();
  await expect(handled).toHaveAttribute("data-handled", "false");
  await expect.poll(() => navCount(page)).toBe(afterReload + 1);
});

test("a message without a phone says 'no phone'", async ({ page, request }) => {
  const first = `Noph${unique()}`;
  await sendMessage(request, { first, message: "Call me maybe not" });
  await signedIn(page, request);
  await page.goto("/portal/messages");
  await showAll(page);
  await expect(card(page, `${first} Tester`)).toContainText("no phone");
});

test("a failed update rolls back and says so", async ({ page, request }) => {
  const first = `Fail${unique()}`;
  await sendMessage(request, { first, message: "Will not change" });
  await signedIn(page, request);
  await page.route(`**${API.contacts}/*`, (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({ status: 500, json: { error: "Internal server error" } })
      : route.continue(),
  );
  const { item, before } = await openCard(page, `${first} Tester`);
  await item.getByRole("button", { name: /Mark handled/ }).click();
  await expect(toasts(page).getByText("Could not update the message")).toBeVisible();
  await expect(item).toHaveAttribute("data-handled", "false");
  await expect(item.getByRole("button", { name: /Mark handled/ })).toBeEnabled();
  expect(await navCount(page)).toBe(before);
});

test("pages of 50 with 'Load more', newest first", async ({ page, request }) => {
  await signedIn(page, request);
  const all = Array.from({ length: 120 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    firstName: `Sender${String(i).padStart(3, "0")}`,
    lastName: "Paged",
    email: `s${i}@example.com`,
    phone: null,
    projectType: "general",
    message: `Message ${i}`,
    handled: false,
    createdAt: new Date(Date.now() - i * 60_000).toISOString(),
  }));
  const asked: string[] = [];
  await page.route(`**${API.contacts}?*`, (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    const limit = Number(url.searchParams.get("limit"));
    const before = url.searchParams.get("before");
    const start = before ? all.findIndex((m) => m.id === before) + 1 : 0;
    return route.fulfill({ json: all.slice(start, start + limit) });
  });
  await page.goto("/portal/messages");
  await showAll(page);
  const items = page.getByRole("list", { name: "Messages" }).getByRole("listitem");
  await expect(items).toHaveCount(50);
  await expect(items.first()).toContainText("Sender000");
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(items).toHaveCount(100);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(items).toHaveCount(120);
  await expect(items.last()).toContainText("Sender119");
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  expect(asked).toEqual(["?limit=50", `?limit=50&before=${all[49]!.id}`, `?limit=50&before=${all[99]!.id}`]);
});

test("empty inbox: says so and where messages come from", async ({ page, request }) => {
  await signedIn(page, request);
  await page.route(`**${API.contacts}?*`, (route) => route.fulfill({ json: [] }));
  await page.route("**/api/portal/leads?*", (route) => route.fulfill({ json: { items: [], next: null } }));
  await page.goto("/portal/messages");
  await expect(page.getByText(/No leads match these filters/)).toBeVisible();
  await showAll(page);
  await expect(page.getByRole("heading", { name: "No messages yet" })).toBeVisible();
  await expect(page.getByText(/contact form on the website/)).toBeVisible();
});

test("the list failing with a 5xx: retry state, token kept", async ({ page, request }) => {
  await signedIn(page, request);
  let calls = 0;
  await page.route(`**${API.contacts}?*`, (route) =>
    ++calls === 1 ? route.fulfill({ status: 502, body: "Bad gateway" }) : route.fulfill({ json: [] }),
  );
  await page.goto("/portal/messages");
  await showAll(page);
  await expect(page.getByRole("alert")).toContainText("The messages could not be loaded.");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "No messages yet" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("portalToken"))).not.toBeNull();
});

test(
  "axe: no violations on the inbox with messages, at this width",
  { tag: "@phone" },
  async ({ page, request }, testInfo) => {
    const first = `Axe${unique()}`;
    await sendMessage(request, { first, phone: "214 555 0100", message: "Accessible?" });
    await signedIn(page, request);
    await page.goto("/portal/messages");
    await showAll(page);
    await expect(card(page, `${first} Tester`)).toBeVisible();
    // On a phone the navigation, and the count beside Leads, is in the sheet the menu button opens.
    if (isMobile(testInfo)) await page.getByRole("button", { name: "Menu" }).click();
    await expect(messagesLink(page)).toContainText(/\d/);
    if (isMobile(testInfo)) await page.keyboard.press("Escape");
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
  },
);

test("'Mark as spam' files a message under Spam and out of the count; 'Not spam' there brings it back", async ({
  page,
  request,
}) => {
  const first = `Pitch${unique()}`;
  // Another unhandled message keeps the count showing while this one is in Spam.
  await sendMessage(request, { first: `Keep${unique()}`, message: "Still unhandled" });
  await sendMessage(request, { first, message: "We rank your site first on every search engine" });
  await signedIn(page, request);
  const { item, before } = await openCard(page, `${first} Tester`);

  await item.getByRole("button", { name: `Mark as spam: ${first} Tester` }).click();
  await expect(toasts(page).getByText("Moved to Spam")).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect.poll(() => navCount(page)).toBe(before - 1);

  await page.getByRole("button", { name: "Spam", exact: true }).click();
  const spam = card(page, `${first} Tester`);
  await expect(spam).toContainText("Spam: marked by staff");
  await expect(spam.getByRole("button", { name: /Mark as spam/ })).toHaveCount(0);
  await spam.getByRole("button", { name: `Not spam: ${first} Tester` }).click();
  await expect(spam).toHaveCount(0);
  await expect.poll(() => navCount(page)).toBe(before);
  await showAll(page);
  await expect(card(page, `${first} Tester`)).toContainText("Unhandled");
});
