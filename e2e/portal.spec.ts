/**
 * The portal's sign-in and template dashboard (docs/requirements.md#sessions-and-sign-in, #template-dashboard), in
 * Chromium against the running app.
 */
import { expect, test, type Page } from "./fixtures";
import { DEV_STAFF_USER } from "../src/server/config";
import { axeViolations } from "./helpers/axe";
import { holdRequests, settle } from "./helpers/page";
import { signedIn, TEMPLATE_LIST } from "./helpers/portal";
import { API } from "./helpers/seed";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("portalToken"));
/** The session a portal token names (its `sid` claim). */
const sessionOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()).sid;
const unique = (label: string) => `${label} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test.describe("login", () => {
  test("fields, defaults, note, and no indexing", async ({ page }) => {
    await page.goto("/portal/login");
    await expect(page.getByLabel("Username")).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
    await expect(page.getByRole("checkbox", { name: /stay signed in/i })).toBeChecked();
    await expect(page.getByRole("button", { name: "SIGN IN", exact: true })).toBeEnabled();
    await expect(page.getByText("Authorized personnel only. All access is monitored and logged.")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });

  test("username and password are required", async ({ page }) => {
    await page.goto("/portal/login");
    await page.getByRole("button", { name: "SIGN IN", exact: true }).click();
    await expect(page.getByText("Username is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByLabel("Username")).toBeFocused();
  });

  test("a wrong password: SIGNING IN... while in flight, then 'Login failed'", async ({ page }) => {
    const release = await holdRequests(page, `**${API.login}`, "POST");
    await page.goto("/portal/login");
    await page.getByLabel("Username").fill(DEV_STAFF_USER.username);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "SIGN IN", exact: true }).click();
    await expect(page.getByRole("button", { name: "SIGNING IN..." })).toBeDisabled();
    release();
    await expect(toasts(page).getByText("Login failed")).toBeVisible();
    await expect(toasts(page).getByText("Invalid username or password")).toBeVisible();
    await expect(page.getByRole("button", { name: "SIGN IN", exact: true })).toBeEnabled();
    expect(await storedToken(page)).toBeNull();
  });

  test("no connection: 'Error' / 'Unable to connect to server'", async ({ page }) => {
    await page.route(`**${API.login}`, (route) => route.abort("connectionrefused"));
    await page.goto("/portal/login");
    await page.getByLabel("Username").fill("someone");
    await page.getByLabel("Password").fill("whatever1");
    await page.getByRole("button", { name: "SIGN IN", exact: true }).click();
    await expect(toasts(page).getByText("Unable to connect to server")).toBeVisible();
    await expect(toasts(page).getByText("Error", { exact: true })).toBeVisible();
  });

  test("too many attempts: says when to try again", async ({ page }) => {
    await page.route(`**${API.login}`, (route) =>
      route.fulfill({
        status: 429,
        headers: { "Retry-After": "600" },
        contentType: "application/json",
        body: '{"error":"Too many"}',
      }),
    );
    await page.goto("/portal/login");
    await page.getByLabel("Username").fill("someone");
    await page.getByLabel("Password").fill("whatever1");
    await page.getByRole("button", { name: "SIGN IN", exact: true }).click();
    await expect(toasts(page).getByText("Login failed")).toBeVisible();
    await expect(toasts(page).getByText(/try again in 10 minutes/)).toBeVisible();
  });

  test("success stores portalToken, sends rememberMe, and lands on the dashboard with a welcome", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto("/portal/login");
    await page.getByLabel("Username").fill(DEV_STAFF_USER.username);
    await page.getByLabel("Password").fill(DEV_STAFF_USER.password);
    await page.getByRole("checkbox", { name: /stay signed in/i }).uncheck();
    const sent = page.waitForRequest(`**${API.login}`);
    await page.getByRole("button", { name: "SIGN IN", exact: true }).click();
    expect((await sent).postDataJSON()).toEqual({
      username: DEV_STAFF_USER.username,
      password: DEV_STAFF_USER.password,
      rememberMe: false,
    });
    await page.waitForURL("**/portal/dashboard");
    await expect(toasts(page).getByText("Login successful")).toBeVisible();
    await expect(toasts(page).getByText("Welcome to the Portal")).toBeVisible();
    expect(await storedToken(page)).toMatch(/^ey/);
  });

  test("/portal itself leads to the sign-in page", async ({ page }) => {
    await page.goto("/portal");
    await page.waitForURL("**/portal/login");
    await expect(page.getByLabel("Username")).toBeVisible();
  });

  test("someone already signed in goes straight to the dashboard", async ({ page, request }) => {
    await signedIn(page, request);
    await page.goto("/portal/login");
    await page.waitForURL("**/portal/dashboard");
  });
});

test.describe("dashboard", () => {
  test("without a token it goes to the login page", async ({ page }) => {
    await page.goto("/portal/dashboard");
    await page.waitForURL("**/portal/login");
  });

  test("a token the API refuses is removed and the login page says why", async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem("set")) {
        localStorage.setItem("portalToken", "not-a-real-token");
        sessionStorage.setItem("set", "1");
      }
    });
    await page.goto("/portal/dashboard");
    await page.waitForURL("**/portal/login");
    await expect(toasts(page).getByText("Please sign in again")).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });

  test("shows 'Loading portal...' while the list loads, then the navigation", async ({ page, request }) => {
    await signedIn(page, request);
    // The list is answered once the loading state has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(TEMPLATE_LIST, async (route) => {
      await held;
      await route.fulfill({ json: [] });
    });
    await page.goto("/portal/dashboard");
    await expect(page.getByText("Loading portal...")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "No Templates Yet" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Portal" });
    await expect(nav.getByRole("link", { name: "Templates" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: /^Leads/ })).toHaveAttribute("href", "/portal/messages");
    await expect(nav.getByRole("link", { name: /^Proposals/ })).toHaveAttribute("href", "/portal/proposals");
    await expect(nav.getByRole("link", { name: "Proposal Editor" })).toHaveAttribute("href", "/portal/proposal-editor");
    await expect(nav.getByRole("link", { name: "Email Signature" })).toHaveAttribute("href", "/portal/signature");
  });

  test("empty state: 'Create First Template' opens the form", async ({ page, request }) => {
    await signedIn(page, request);
    await page.route(TEMPLATE_LIST, (route) =>
      route.request().method() === "GET" ? route.fulfill({ json: [] }) : route.continue(),
    );
    await page.goto("/portal/dashboard");
    await page.getByRole("button", { name: "Create First Template" }).click();
    await expect(page.getByRole("heading", { name: "New template" })).toBeVisible();
    await expect(page.getByLabel("Category")).toHaveValue("residential");
  });

  test("create, edit and delete a template, with the catalogue's toasts", async ({ page, request }) => {
    test.setTimeout(90_000);
    await signedIn(page, request);
    await page.goto("/portal/dashboard");
    await expect(page.getByRole("heading", { name: "Proposal Templates" })).toBeVisible();
    const open = page.getByRole("button", { name: /^(New Template|Create First Template)$/ });
    await open.click();

    // Required fields first.
    await page.getByRole("button", { name: "Save Template" }).click();
    await expect(page.getByText("Title is required")).toBeVisible();
    await expect(page.getByText("Template content is required")).toBeVisible();

    const title = unique("Garden apartments");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Category").selectOption("multifamily");
    await page.getByLabel(/Description/).fill("Three-story walk-up");
    await page.getByLabel("Template content").fill("Scope of work: repaint 48 units.");
    await page.getByRole("button", { name: "Save Template" }).click();
    await expect(toasts(page).getByText("New template created")).toBeVisible();
    await expect(toasts(page).getByText("Template saved successfully")).toBeVisible();
    await expect(page.getByRole("heading", { name: "New template" })).toHaveCount(0);

    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute("data-category", "multifamily");
    await expect(card).toContainText("Multifamily");
    await expect(card).toContainText("Three-story walk-up");
    await expect(card).toContainText(/Created [A-Z][a-z]{2} \d{1,2}, \d{4}/);

    await card.getByRole("button", { name: `Edit ${title}` }).click();
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByLabel("Category")).toHaveValue("multifamily");
    const renamed = `${title} (commercial)`;
    await page.getByLabel("Title").fill(renamed);
    await page.getByLabel("Category").selectOption("commercial");
    await page.getByRole("button", { name: "Update Template" }).click();
    await expect(toasts(page).getByText("Template updated")).toBeVisible();
    const edited = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: renamed }) });
    await expect(edited).toHaveAttribute("data-category", "commercial");

    await edited.getByRole("button", { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this template?" });
    await expect(confirm).toContainText(renamed);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(edited).toBeVisible();
    await edited.getByRole("button", { name: `Delete ${renamed}` }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toasts(page).getByText("Template deleted successfully")).toBeVisible();
    await expect(edited).toHaveCount(0);
  });

  test("cancel closes the form and resets it to empty with category residential", async ({ page, request }) => {
    await signedIn(page, request);
    const template = {
      id: "00000000-0000-4000-8000-00000000abcd",
      title: "Kept",
      description: null,
      templateContent: "x",
      category: "commercial",
      createdAt: new Date().toISOString(),
    };
    await page.route(TEMPLATE_LIST, (route) => route.fulfill({ json: [template] }));
    // Edit reads the template whole, with its version.
    await page.route(`**${API.templates}/${template.id}`, (route) =>
      route.fulfill({ json: template, headers: { etag: '"v1"' } }),
    );
    await page.goto("/portal/dashboard");
    await page.getByRole("button", { name: "Edit Kept" }).click();
    await expect(page.getByLabel("Title")).toHaveValue("Kept");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "Edit template" })).toHaveCount(0);
    await page.getByRole("button", { name: "New Template" }).click();
    await expect(page.getByLabel("Title")).toHaveValue("");
    await expect(page.getByLabel("Category")).toHaveValue("residential");
  });

  test("a failed save keeps the form and says 'Error saving template'", async ({ page, request }) => {
    await signedIn(page, request);
    await page.route(TEMPLATE_LIST, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 500, json: { error: "Internal server error" } })
        : route.fulfill({ json: [] }),
    );
    await page.goto("/portal/dashboard");
    await page.getByRole("button", { name: "Create First Template" }).click();
    await page.getByLabel("Title").fill("Will fail");
    await page.getByLabel("Template content").fill("Body");
    await page.getByRole("button", { name: "Save Template" }).click();
    await expect(toasts(page).getByText("Error saving template")).toBeVisible();
    await expect(toasts(page).getByText("Please try again")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue("Will fail");
  });

  test("a failed delete says so and keeps the card", async ({ page, request }) => {
    await signedIn(page, request);
    const template = {
      id: "00000000-0000-4000-8000-00000000beef",
      title: "Stays",
      description: "d",
      templateContent: "x",
      category: "residential",
      createdAt: new Date().toISOString(),
    };
    await page.route(TEMPLATE_LIST, (route) => route.fulfill({ json: [template] }));
    await page.route(`**${API.templates}/*`, (route) =>
      route.fulfill({ status: 500, json: { error: "Internal server error" } }),
    );
    await page.goto("/portal/dashboard");
    await page.getByRole("button", { name: "Delete Stays" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(toasts(page).getByText("Error deleting template")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Stays" })).toBeVisible();
  });

  test("logout ends the session server-side, forgets the token and says 'Logged out successfully'", async ({
    page,
    request,
  }) => {
    const token = await signedIn(page, request);
    // Answered here: a real logout would end the run's one shared session, mid-run for other tests.
    // The API's side is tested in src/server/auth/auth.test.ts.
    const logout = page.waitForRequest(`**${API.logout}`);
    await page.route(`**${API.logout}`, (route) => route.fulfill({ json: { ok: true } }));
    await page.goto("/portal/dashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    // The stored token names the session: the one put there, or its renewal if the dashboard's calls got one.
    const sent = (await logout).headers().authorization?.replace(/^Bearer /, "") ?? "";
    expect(sessionOf(sent)).toBe(sessionOf(token));
    await page.waitForURL("**/portal/login");
    await expect(toasts(page).getByText("Logged out successfully")).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });

  test("category colours and icons: residential blue, multifamily green, commercial purple", async ({
    page,
    request,
  }) => {
    await signedIn(page, request);
    const at = new Date().toISOString();
    const list = ["residential", "multifamily", "commercial"].map((category, i) => ({
      id: `00000000-0000-4000-8000-00000000000${i}`,
      title: `T ${category}`,
      description: null,
      templateContent: "x",
      category,
      createdAt: at,
    }));
    await page.route(TEMPLATE_LIST, (route) => route.fulfill({ json: list }));
    await page.goto("/portal/dashboard");
    for (const [category, colour, icon] of [
      ["residential", /bg-blue/, "house"],
      ["multifamily", /bg-green/, "building-complex"],
      ["commercial", /bg-purple/, "briefcase"],
    ] as const) {
      const card = page.locator(`[data-category="${category}"]`);
      const badge = card
        .locator("span")
        .filter({ has: page.locator("svg") })
        .first();
      await expect(badge).toHaveClass(colour);
      await expect(badge.locator("use")).toHaveAttribute("href", new RegExp(`#${icon}$`));
      // The reference resolves: the sprite it points into draws that icon.
      const [sprite, id] = (await badge.locator("use").getAttribute("href"))!.split("#");
      const served = await request.get(sprite!);
      expect(served.headers()["content-type"]).toContain("image/svg+xml");
      expect(await served.text()).toContain(`<symbol id="${id}"`);
    }
  });
});

// The sign-in page as loaded is checked by audit.spec.ts, at both widths.
test.describe("portal accessibility", { tag: "@phone" }, () => {
  test("dashboard with cards and the open form: no axe violations", async ({ page, request }) => {
    await signedIn(page, request);
    const template = {
      id: "00000000-0000-4000-8000-0000000000aa",
      title: "Audit",
      description: "Check",
      templateContent: "x",
      category: "multifamily",
      createdAt: new Date().toISOString(),
    };
    await page.route(TEMPLATE_LIST, (route) => route.fulfill({ json: [template] }));
    await page.goto("/portal/dashboard");
    await page.getByRole("button", { name: "New Template" }).click();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
