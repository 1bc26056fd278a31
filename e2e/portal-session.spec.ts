/**
 * Sessions across the portal (docs/requirements.md#sessions-and-sign-in): one 401 handler, the login shortcut, the
 * signed-in name.
 */
import { expect, test, type Page } from "./fixtures";
import { DEV_STAFF_USER } from "../src/server/config";
import { expiredToken, signedIn, TEMPLATE_LIST, withStoredToken } from "./helpers/portal";
import { API } from "./helpers/seed";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("portalToken"));

/** Every staff screen, and an action on it that calls the API after the screen has loaded. */
const STAFF_SCREENS = [
  {
    path: "/portal/dashboard",
    ready: (page: Page) => page.getByRole("heading", { name: "Proposal Templates" }),
    act: async (page: Page) => {
      await page.getByRole("button", { name: /^(New Template|Create First Template)$/ }).click();
      await page.getByLabel("Title").fill("Never saved");
      await page.getByLabel("Template content").fill("x");
      await page.getByRole("button", { name: "Save Template" }).click();
    },
  },
  {
    path: "/portal/messages",
    ready: (page: Page) => page.getByRole("heading", { name: "Leads", level: 1 }),
    act: async (page: Page) => {
      await page.getByRole("button", { name: "All messages" }).click();
    },
  },
  {
    path: "/portal/signature",
    ready: (page: Page) => page.getByRole("heading", { name: "Email Signature Generator", level: 1 }),
    act: async (page: Page) => saveThroughDialog(page),
  },
  {
    path: "/portal/proposal-editor",
    ready: (page: Page) => page.getByRole("heading", { name: "Professional Proposal Editor", level: 1 }),
    act: async (page: Page) => saveThroughDialog(page),
  },
] as const;

/** Saves a template through the screen's Save Template dialog (a POST after the screen has loaded). */
async function saveThroughDialog(page: Page) {
  await page.getByRole("button", { name: "Save Template" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Save Template" });
  await dialog.getByLabel("Template Name").fill("Never saved");
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
}

async function expectSentToLogin(page: Page) {
  await page.waitForURL("**/portal/login");
  await expect(toasts(page).getByText("Please sign in again")).toBeVisible();
  await expect(toasts(page).getByText("Your session has ended.")).toBeVisible();
  expect(await storedToken(page)).toBeNull();
}

for (const screen of STAFF_SCREENS) {
  test.describe(screen.path, () => {
    test("without a token: straight to the login page", async ({ page }) => {
      await page.goto(screen.path);
      await page.waitForURL("**/portal/login");
    });

    test("an expired token: login page, token removed, 'session ended' toast", async ({ page }) => {
      await withStoredToken(page, await expiredToken());
      await page.goto(screen.path);
      await expectSentToLogin(page);
    });

    test("the token expiring mid-session: the next call lands on the login page with the toast", async ({
      page,
      request,
    }) => {
      await signedIn(page, request);
      await page.goto(screen.path);
      await expect(screen.ready(page)).toBeVisible();
      await expect(page.getByText(`Signed in as ${DEV_STAFF_USER.username}`)).toBeVisible();
      // From now on the API refuses the token, as it would once it expired or was revoked.
      await page.route(`**${API.base}/**`, (route) =>
        route.fulfill({ status: 401, json: { error: "Invalid or expired token" } }),
      );
      await screen.act(page);
      await expectSentToLogin(page);
    });
  });
}

test("the top bar names who is signed in, next to Logout", async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto("/portal/dashboard");
  const banner = page.getByRole("banner");
  await expect(banner.getByText(`Signed in as ${DEV_STAFF_USER.username}`)).toBeVisible();
  await expect(banner.getByRole("button", { name: "Logout" })).toBeVisible();
});

test("a signed-in visitor on /portal/login goes straight to the dashboard", async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto("/portal/login");
  await page.waitForURL("**/portal/dashboard");
  await expect(page.getByRole("heading", { name: "Proposal Templates" })).toBeVisible();
});

test("a stale token on /portal/login is dropped quietly and the form stays", async ({ page }) => {
  await withStoredToken(page, await expiredToken());
  await page.goto("/portal/login");
  await expect.poll(() => storedToken(page)).toBeNull();
  await expect(page).toHaveURL(/\/portal\/login$/);
  await expect(page.getByLabel("Username")).toBeVisible();
  await expect(toasts(page).getByText("Please sign in again")).toHaveCount(0);
});

test("the dashboard's list failing with a 5xx offers a retry and keeps the token", async ({ page, request }) => {
  await signedIn(page, request);
  let calls = 0;
  await page.route(TEMPLATE_LIST, (route) =>
    ++calls === 1
      ? route.fulfill({ status: 503, json: { error: "Service temporarily unavailable" } })
      : route.fulfill({ json: [] }),
  );
  await page.goto("/portal/dashboard");
  await expect(page.getByRole("alert")).toContainText("The templates could not be loaded.");
  await expect(page.getByRole("alert")).toContainText("503");
  expect(await storedToken(page)).not.toBeNull();
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "No Templates Yet" })).toBeVisible();
  expect(await storedToken(page)).not.toBeNull();
});

test("no connection on the dashboard: retry state, token kept", async ({ page, request }) => {
  await signedIn(page, request);
  await page.route(TEMPLATE_LIST, (route) => route.abort("connectionrefused"));
  await page.goto("/portal/dashboard");
  await expect(page.getByRole("alert")).toContainText("could not be loaded");
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  expect(await storedToken(page)).not.toBeNull();
});
