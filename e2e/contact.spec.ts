import { expect, test, type Page, type Route } from "./fixtures";
import { hydrateIslands } from "./helpers/page";
import { API } from "./helpers/seed";

async function openForm(page: Page) {
  await page.goto("/contact");
  const island = page.locator('astro-island[component-export="ContactForm"]');
  await island.evaluate((el) => el.querySelector("*")!.scrollIntoView({ block: "center", behavior: "instant" }));
  await hydrateIslands(page);
  return page.getByRole("button", { name: "SEND MESSAGE" });
}

async function fillValid(page: Page) {
  await page.getByLabel("Full name").fill("Maria Elena Garza");
  await page.getByLabel("Email").fill("maria@example.com");
  await page.getByLabel("Phone").fill("(713) 555-0100");
  await page.getByLabel("Project details").fill("Interior repaint of a 24-unit building in Katy, starting in March.");
}

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

test("fields, labels and the no-JavaScript contract", async ({ page }) => {
  await openForm(page);
  const form = page.locator("form").filter({ has: page.getByLabel("Full name") });
  await expect(form).toHaveAttribute("method", "post");
  await expect(form).toHaveAttribute("action", API.contactForm);
  for (const [label, name] of [
    ["Full name", "fullName"],
    ["Email", "email"],
    ["Phone", "phone"],
    ["Project details", "message"],
  ]) {
    await expect(page.getByLabel(label)).toHaveAttribute("name", name);
  }
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Project details")).toHaveAttribute("rows", "8");
  await expect(page.getByLabel("Phone")).not.toHaveAttribute("required");
  // Honeypot: present for bots, hidden from people and assistive tech.
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot.locator("xpath=ancestor::*[@aria-hidden='true']")).toHaveCount(1);
  expect(await honeypot.evaluate((el) => el.getBoundingClientRect().right <= 0)).toBe(true);
});

test("shows inline messages for missing and invalid fields", async ({ page }) => {
  let posted = false;
  await page.route(`**${API.contact}`, (route) => ((posted = true), route.fulfill({ status: 201, body: "{}" })));
  const submit = await openForm(page);
  await submit.click();

  for (const [label, message] of [
    ["Full name", "Full name is required"],
    ["Email", "Email is required"],
    ["Project details", "Project details is required"],
  ]) {
    const field = page.getByLabel(label);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(message);
  }
  await expect(page.getByLabel("Phone")).not.toHaveAttribute("aria-invalid");
  await expect(page.getByLabel("Full name")).toBeFocused();

  await page.getByLabel("Full name").fill("Maria Garza");
  await expect(page.getByLabel("Full name")).not.toHaveAttribute("aria-invalid");
  await page.getByLabel("Email").fill("maria@example");
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Enter a valid e-mail address");
  await submit.click();
  expect(posted).toBe(false);
});

test("success: sends the split name as JSON, toasts and clears the form", async ({ page }) => {
  let body: unknown;
  let contentType: string | undefined;
  await page.route(`**${API.contact}`, async (route) => {
    body = route.request().postDataJSON();
    contentType = route.request().headers()["content-type"];
    await route.fulfill({ status: 201, contentType: "application/json", body: '{"ok":true}' });
  });
  const submit = await openForm(page);
  await fillValid(page);
  await submit.click();

  await expect(toasts(page).getByText("Message sent successfully!")).toBeVisible();
  await expect(toasts(page).getByText("We'll get back to you soon.")).toBeVisible();
  expect(contentType).toContain("application/json");
  expect(body).toEqual({
    firstName: "Maria",
    lastName: "Elena Garza",
    email: "maria@example.com",
    phone: "(713) 555-0100",
    projectType: "general",
    message: "Interior repaint of a 24-unit building in Katy, starting in March.",
    website: "",
    // How long the form was open before it was sent: under 3 s marks likely spam (kept, never dropped).
    fillMs: expect.any(Number),
    // Where the lead came from: this page, opened directly here (no referrer), is its own landing page.
    page: "/contact",
    landing: new URL("/contact", page.url()).href,
  });
  for (const label of ["Full name", "Email", "Phone", "Project details"])
    await expect(page.getByLabel(label)).toHaveValue("");

  // F8 moves focus to the notifications; swiping the toast right past 50 px dismisses it.
  await page.keyboard.press("F8");
  await expect(toasts(page)).toBeFocused();
  const toast = toasts(page).getByRole("listitem");
  const box = (await toast.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + 100, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(toasts(page).getByText("Message sent successfully!")).toHaveCount(0);
});

test("failure: error toast and the form is kept", async ({ page }) => {
  await page.route(`**${API.contact}`, (route) => route.fulfill({ status: 500, body: "Internal Server Error" }));
  const submit = await openForm(page);
  await fillValid(page);
  await submit.click();
  await expect(toasts(page).getByText("Error sending message")).toBeVisible();
  await expect(toasts(page).getByText("Please try again later.")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Maria Elena Garza");
  await expect(page.getByLabel("Project details")).not.toHaveValue("");
  await expect(submit).toBeEnabled();
});

test("a toast closes by itself after 5 seconds", async ({ page }) => {
  await page.route(`**${API.contact}`, (route) => route.fulfill({ status: 500, body: "x" }));
  const submit = await openForm(page);
  await fillValid(page);
  await submit.click();
  const title = toasts(page).getByText("Error sending message");
  await expect(title).toBeVisible();
  await page.mouse.move(5, 5);
  await expect(title).toBeHidden({ timeout: 7_000 });
});

test("a toast's close button closes it on a click or tap", async ({ page }) => {
  await page.route(`**${API.contact}`, (route) => route.fulfill({ status: 500, body: "x" }));
  const submit = await openForm(page);
  await fillValid(page);
  await submit.click();
  const title = toasts(page).getByText("Error sending message");
  await expect(title).toBeVisible();
  await toasts(page).getByRole("button", { name: "Close" }).click();
  await expect(title).toBeHidden({ timeout: 2_000 });
});

test("429: says when to try again", async ({ page }) => {
  await page.route(`**${API.contact}`, (route) =>
    route.fulfill({ status: 429, headers: { "Retry-After": "120" }, body: "Too many requests" }),
  );
  const submit = await openForm(page);
  await fillValid(page);
  await submit.click();
  await expect(toasts(page).getByText("Error sending message")).toBeVisible();
  await expect(toasts(page).getByText("Please try again in 2 minutes.")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Maria Elena Garza");
});

test("button is disabled and reads SENDING... while the request is in flight", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${API.contact}`, async (route: Route) => {
    await held;
    await route.fulfill({ status: 201, body: "{}" });
  });
  const submit = await openForm(page);
  await fillValid(page);
  await submit.click();
  const sending = page.getByRole("button", { name: "SENDING..." });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  release();
  await expect(page.getByRole("button", { name: "SEND MESSAGE" })).toBeEnabled();
  await expect(toasts(page).getByText("Message sent successfully!")).toBeVisible();
});

test.describe("without JavaScript", () => {
  // A client address of its own, so the per-IP contact limit is not shared with other tests' messages.
  test.use({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${1 + Math.floor(Math.random() * 250)}` },
  });

  test("the form posts to the server and lands on the thank-you page", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Full name").fill("No Script Tester");
    await page.getByLabel("Email").fill(`noscript+${Date.now()}@example.com`);
    await page.getByLabel("Project details").fill("Checking that the contact form works without JavaScript.");
    await page.getByRole("button", { name: "SEND MESSAGE" }).click();
    await expect(page).toHaveURL(/\/contact\/thanks\/?$/);
  });
});
