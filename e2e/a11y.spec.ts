/**
 * axe-core finds nothing on any page at 375 px and 1280 px, nor with the mobile menu open
 * (docs/requirements.md#accessibility).
 */
import { expect, test } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { gotoReady, isMobile, openMobileMenu, settle } from "./helpers/page";
import { ALL_PAGES, PUBLIC_PAGES } from "./helpers/site";

test.describe("axe: zero violations", { tag: "@phone" }, () => {
  for (const path of ALL_PAGES) {
    test(`${path}`, async ({ page }) => {
      await gotoReady(page, path);
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test.describe("axe: mobile menu open", { tag: "@phone" }, () => {
  for (const { path } of PUBLIC_PAGES) {
    test(`${path} with the slide-in panel open`, async ({ page }, testInfo) => {
      test.skip(!isMobile(testInfo), "the slide-in panel exists under 768 px");
      await gotoReady(page, path);
      await openMobileMenu(page);
      await expect(page.getByRole("dialog").first(), "the slide-in panel is open").toBeVisible();
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
