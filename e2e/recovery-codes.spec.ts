/**
 * Recovery codes of 120 bits are longer than they were: on the account screen they still fit a phone's width
 * and the screen stays axe-clean, at 375 px and at 1280 px; "New recovery codes" replaces them.
 */
import { Secret, TOTP } from "otpauth";
import { expect, test } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { login, withStoredToken } from "./helpers/portal";
import { seedWith } from "./helpers/seed";

const STRONG = "Granite ladder orbit 42";

test(
  "the ten recovery codes show whole, four groups of six letters, at this width",
  { tag: "@phone" },
  async ({ page, request }) => {
    const seed = seedWith(request);
    const admin = await login(request);
    const username = `codes-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
    const invitation = await seed.invite(admin, { displayName: "Codes Person", username, role: "staff" });
    const token = await seed.accept(invitation, STRONG);
    // Setting up an authenticator needs a recent confirmation; the dialog that asks has its own spec.
    await withStoredToken(page, await seed.confirm(token, STRONG));

    await page.goto("/portal/account");
    await page.getByRole("button", { name: "Set up authenticator app" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = (await page.locator("#second-factor code").textContent())!.trim();
    await page.getByLabel("Code from the app").fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
    await page.getByRole("button", { name: "Confirm" }).click();

    const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    for (const code of await codes.allTextContents()) expect(code).toMatch(/^[a-z2-9]{6}(-[a-z2-9]{6}){3}$/);
    // Each code on one line within its box, and the page without sideways scrolling: nothing to copy is split
    // or cut off.
    const layout = await codes.evaluateAll((items) => ({
      wrapped: items.filter(
        (li) => li.getBoundingClientRect().height > parseFloat(getComputedStyle(li).lineHeight) * 1.5,
      ).length,
      overflowing: items.filter((li) => li.scrollWidth > li.clientWidth).length,
      page: document.documentElement.scrollWidth - window.innerWidth,
    }));
    expect(layout).toEqual({ wrapped: 0, overflowing: 0, page: 0 });
    expect(await axeViolations(page)).toEqual([]);

    // Saved, then replaced by ten new ones: a new list, and the earlier codes are gone.
    const first = await codes.allTextContents();
    await page.getByRole("button", { name: "I have saved them" }).click();
    await expect(codes).toHaveCount(0);
    await page.getByRole("button", { name: "New recovery codes" }).click();
    await expect(page.getByText("New recovery codes made")).toBeVisible();
    await expect(codes).toHaveCount(10);
    expect((await codes.allTextContents()).filter((code) => first.includes(code))).toEqual([]);
    await expect(page.getByText("Set up. 10 recovery codes left.")).toBeVisible();
  },
);
