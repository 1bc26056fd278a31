/**
 * Sudo mode in Chromium against the production build and its CSP: removing the authenticator app and adding a
 * passkey (Chromium's virtual authenticator) from a session that has not confirmed its owner ask in a dialog
 * for the password (and code), or a passkey, and then do what was asked; axe finds nothing with the dialog open
 * at 375 and 1280 px.
 */
import { Secret, TOTP } from "otpauth";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { watchViolations } from "./helpers/csp";
import { settle } from "./helpers/page";
import { login, withStoredToken } from "./helpers/portal";
import { seedWith } from "./helpers/seed";
import { baseURL } from "../playwright.config";
import { DEV_STAFF_USER } from "../src/server/config";

// WebAuthn needs a host name as relying party (an IP address cannot be one), so this file talks to localhost.
const served = new URL(baseURL);
if (served.hostname === "127.0.0.1") served.hostname = "localhost";
test.use({ baseURL: served.origin });

const STRONG = "Granite ladder orbit 42";
const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A new staff member, signed in through their invitation (a session that has confirmed nothing); its token. */
async function member(request: APIRequestContext, username: string): Promise<string> {
  const seed = seedWith(request);
  const admin = await login(request);
  const invitation = await seed.invite(admin, { displayName: `${username} Person`, username, role: "staff" });
  return seed.accept(invitation, STRONG);
}

/** Sets up an authenticator app for `username` in a confirmed session; returns its recovery codes. */
async function withAuthenticator(request: APIRequestContext, token: string): Promise<string[]> {
  const seed = seedWith(request);
  await seed.confirm(token, STRONG);
  const secret = await seed.totpSecret(token);
  return seed.totpConfirm(token, TOTP.generate({ secret: Secret.fromBase32(secret) }));
}

/** A fresh full sign-in (password, then a recovery code): what a stolen token would be. */
async function signInWithCode(request: APIRequestContext, username: string, code: string): Promise<string> {
  const seed = seedWith(request);
  return seed.secondFactor(await seed.loginTicket({ username, password: STRONG }), code);
}

async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Confirm it is you" });

test("removing the authenticator app asks for the password and a code first, then removes it", async ({
  page,
  request,
}) => {
  const violations = await watchViolations(page);
  const username = unique("remover");
  const codes = await withAuthenticator(request, await member(request, username));
  await withStoredToken(page, await signInWithCode(request, username, codes[0]!));
  await page.goto("/portal/account");
  const section = page.getByRole("region", { name: "Authenticator app (second factor)" });
  await section.getByRole("button", { name: "Remove authenticator app" }).click();

  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Password").fill("not my password");
  await dialog.getByLabel(/Code from your authenticator app/).fill(codes[1]!);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("Password is wrong")).toBeVisible();

  await dialog.getByLabel("Password").fill(STRONG);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText(/^Not set up\./)).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("cancelling the dialog leaves the authenticator app in place", async ({ page, request }) => {
  const username = unique("keeper");
  const codes = await withAuthenticator(request, await member(request, username));
  await withStoredToken(page, await signInWithCode(request, username, codes[0]!));
  await page.goto("/portal/account");
  const section = page.getByRole("region", { name: "Authenticator app (second factor)" });
  await section.getByRole("button", { name: "Remove authenticator app" }).click();
  await dialogOf(page).getByRole("button", { name: "Cancel" }).click();
  await expect(dialogOf(page)).toBeHidden();
  await page.reload();
  await expect(section.getByText(/^Set up\./)).toBeVisible();
});

test("adding a passkey asks for the password first; removing it can be confirmed with the passkey", async ({
  page,
  request,
}) => {
  const violations = await watchViolations(page);
  await addVirtualAuthenticator(page);
  await withStoredToken(page, await member(request, unique("adder")));
  await page.goto("/portal/account");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  const dialog = dialogOf(page);
  await dialog.getByLabel("Password").fill(STRONG);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(passkeys.getByRole("button", { name: /^Remove passkey/ })).toHaveCount(1);

  // A later session (signed in with the passkey) is not confirmed: the passkey can stand in for the password.
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  await page.goto("/portal/account");
  await passkeys.getByRole("button", { name: /^Remove passkey/ }).click();
  await dialog.getByRole("button", { name: "Use a passkey" }).click();
  await expect(dialog).toBeHidden();
  await expect(passkeys.getByRole("button", { name: /^Remove passkey/ })).toHaveCount(0);
  expect(await violations()).toEqual([]);
});

for (const width of [375, 1280]) {
  const tag = width < 768 ? " @phone" : "";
  test(`axe finds nothing with the confirmation dialog open at ${width} px${tag}`, async ({ page, request }) => {
    const violations = await watchViolations(page);
    await page.setViewportSize({ width, height: 800 });
    const username = unique("axe");
    const codes = await withAuthenticator(request, await member(request, username));
    await withStoredToken(page, await signInWithCode(request, username, codes[0]!));
    await page.goto("/portal/account");
    await page.getByRole("button", { name: "Remove authenticator app" }).click();
    const dialog = dialogOf(page);
    await expect(dialog.getByLabel(/Code from your authenticator app/)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Use a passkey" })).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(await violations()).toEqual([]);
  });
}

test("the staff screen and the export ask first too, then do what was asked", async ({ page, request }) => {
  const violations = await watchViolations(page);
  // A fresh sign-in of the run's admin: signed in, not confirmed.
  const admin = await login(request);
  const username = unique("disabled");
  await member(request, username);
  await withStoredToken(page, admin);
  await page.goto("/portal/staff");
  const person = page.getByRole("listitem").filter({ hasText: `${username} Person` });
  await person.getByRole("button", { name: `Disable ${username}` }).click();
  const dialog = dialogOf(page);
  await dialog.getByLabel("Password").fill(DEV_STAFF_USER.password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  await expect(person.getByRole("button", { name: `Enable ${username}` })).toBeVisible();

  // Another session of the same admin is not confirmed by that: its export asks again.
  await page.evaluate((token) => localStorage.setItem("portalToken", token), await login(request));
  await page.goto("/portal/dashboard");
  await page.getByRole("tab", { name: "Trash" }).click();
  const data = page.getByRole("region", { name: "Company data" });
  await data.getByRole("button", { name: "Download everything (ZIP)" }).click();
  await dialog.getByLabel("Password").fill(DEV_STAFF_USER.password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  // Confirmed, the export is asked for again: built by the server, then downloaded.
  const link = data.getByRole("button", { name: /^Download the ZIP \([\d.]+ MB\)$/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^anchor-line-export-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(await violations()).toEqual([]);
});
