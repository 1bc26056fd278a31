import { expect, test, type Page } from "./fixtures";
import { hydrateIslands } from "./helpers/page";

/**
 * Shows intent until the page's islands (the header among them) have hydrated and the header listens for
 * scrolling (`data-listening`: React finishes hydrating after Astro marks the island hydrated, and a scroll
 * before its listener exists goes unseen), then waits for the page's fonts and images: a late font swap moves
 * the text, and the browser's scroll anchoring then scrolls the page by itself, which the header rightly reads
 * as the visitor scrolling.
 */
const hydrated = async (page: Page, _name: "SiteHeader") => {
  await hydrateIslands(page);
  await expect(banner(page)).toHaveAttribute("data-listening");
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
};

/**
 * Scrolls to `y` and returns once the page has had its scroll event for it, as a person's scroll always gives.
 * Two scrolls within one frame make one event: the header would see 160 -> 560 where the test meant 600 -> 560.
 * The header's listener was added first (see `hydrated`), so it has run before this one.
 */
async function scrollToY(page: Page, y: number) {
  await page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        if (Math.round(window.scrollY) === top) return resolve();
        addEventListener("scroll", () => resolve(), { once: true });
        window.scrollTo({ top, behavior: "instant" });
      }),
    y,
  );
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}

const banner = (page: Page) => page.getByRole("banner");

async function expectHeaderShown(page: Page, shown: boolean) {
  const header = banner(page);
  if (shown) await expect(header).not.toHaveAttribute("data-hidden");
  else await expect(header).toHaveAttribute("data-hidden");
  // After the slide, the header's bottom edge is above the viewport when hidden.
  await expect
    .poll(async () => {
      const box = await header.boundingBox();
      return box!.y + box!.height > 0;
    })
    .toBe(shown);
}

test.describe("header scroll behaviour", { tag: "@phone" }, () => {
  test("hides after scrolling down past 100 px, shows on scrolling up and near the top", async ({ page }) => {
    await page.goto("/about");
    await hydrated(page, "SiteHeader");
    await expectHeaderShown(page, true);

    await scrollToY(page, 60);
    await expectHeaderShown(page, true);
    await scrollToY(page, 100);
    await expectHeaderShown(page, true);
    await scrollToY(page, 160);
    await expectHeaderShown(page, false);
    await scrollToY(page, 600);
    await expectHeaderShown(page, false);

    await scrollToY(page, 560);
    await expectHeaderShown(page, true);

    await scrollToY(page, 900);
    await expectHeaderShown(page, false);
    await scrollToY(page, 8);
    await expectHeaderShown(page, true);
  });

  test("comes back when keyboard focus enters it", async ({ page }) => {
    await page.goto("/about");
    await hydrated(page, "SiteHeader");
    await scrollToY(page, 700);
    await expectHeaderShown(page, false);
    await banner(page).getByRole("link").first().focus();
    await expectHeaderShown(page, true);
  });

  test("reduced motion turns the slide off", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/about");
    await hydrated(page, "SiteHeader");
    expect(await banner(page).evaluate((el) => getComputedStyle(el).transitionProperty)).toBe("none");
  });
});

test.describe("desktop navigation", () => {
  test.skip(({ isMobile }) => isMobile, "desktop layout only");

  test("marks the current page", async ({ page }) => {
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  });

  test("Services trigger is styled active on a service page", async ({ page }) => {
    const underline = (p: Page) =>
      p.getByRole("button", { name: "Services" }).evaluate((el) => getComputedStyle(el, "::after").display);
    await page.goto("/about");
    expect(await underline(page)).toBe("none");
    await page.goto("/multifamily");
    expect(await underline(page)).not.toBe("none");
  });

  test("Services dropdown opens with the mouse and closes on an outside click", async ({ page }) => {
    await page.goto("/multifamily");
    await hydrated(page, "SiteHeader");
    const trigger = page.getByRole("button", { name: "Services" });
    const multifamily = page.getByRole("link", { name: "Multifamily Development" });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(multifamily).toBeHidden();

    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(multifamily).toBeVisible();
    await expect(multifamily).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "Residential Construction" })).toBeVisible();

    await page.mouse.click(640, 500);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    await trigger.click();
    await page.getByRole("link", { name: "Residential Construction" }).click();
    await expect(page).toHaveURL(/\/residential\/?$/);
  });

  test("Services dropdown works with the keyboard", async ({ page }) => {
    await page.goto("/");
    await hydrated(page, "SiteHeader");
    const trigger = page.getByRole("button", { name: "Services" });
    const first = page.getByRole("link", { name: "Multifamily Development" });
    const second = page.getByRole("link", { name: "Residential Construction" });

    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Space");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    await page.keyboard.press("ArrowDown");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(first).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(second).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(first).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(second).toBeFocused();
    await page.keyboard.press("Home");
    await expect(first).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(trigger).toBeFocused();

    await page.keyboard.press("ArrowUp");
    await expect(second).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" })).toBeFocused();
  });

  test("no hamburger on desktop", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });
});

test.describe("mobile menu", { tag: "@phone" }, () => {
  test.skip(({ isMobile }) => !isMobile, "mobile layout only");

  async function openMenu(page: Page, path = "/") {
    await page.goto(path);
    await hydrated(page, "SiteHeader");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const panel = page.getByRole("dialog", { name: "Menu" });
    await expect(panel).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    return { toggle, panel };
  }

  test("a tap on the toggle before the header has hydrated still opens the menu", async ({ page }) => {
    // The header's code is held back until the tap is in: hydration may start before any tap (a browser
    // with a mouse over the page sends it a synthetic move once laid out, as the headless shell does at
    // 0,0), and on a quick machine it used to finish before the tap, which then tested nothing.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/SiteHeader\.[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/about");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.tap();
    await expect(page.locator('astro-island[component-export="SiteHeader"]')).toHaveAttribute("ssr");
    release();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  });

  test("slides in from the right, 250 px wide, with the same links", async ({ page }) => {
    const { panel } = await openMenu(page, "/residential");
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return [Math.round(box!.width), Math.round(box!.x + box!.width)];
      })
      .toEqual([250, 375]);
    for (const name of ["Home", "About", "Contact", "Multifamily Development", "Residential Construction"]) {
      await expect(panel.getByRole("link", { name })).toBeVisible();
    }
    await expect(panel.getByRole("link", { name: "Residential Construction" })).toHaveAttribute("aria-current", "page");
    await expect(panel.locator('[aria-current="page"]')).toHaveCount(1);
  });

  test("traps focus while open and returns it to the toggle on Escape", async ({ page }) => {
    const { toggle, panel } = await openMenu(page);
    await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 9; i++) {
      await page.keyboard.press("Tab");
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test("closes on a click outside the panel", async ({ page }) => {
    const { toggle, panel } = await openMenu(page);
    await page.mouse.click(40, 400);
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("closes with its close button", async ({ page }) => {
    const { panel } = await openMenu(page);
    await panel.getByRole("button", { name: "Close menu" }).click();
    await expect(panel).toBeHidden();
  });

  test("closes when a link is chosen", async ({ page }) => {
    const { panel } = await openMenu(page);
    await panel.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about\/?$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });
});
