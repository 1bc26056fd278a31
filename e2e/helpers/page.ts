/** Page helpers shared by the route, metadata and accessibility specs. */
import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";

/** True for the phone project (375 px), where the header collapses into the slide-in panel. */
export const isMobile = (testInfo: TestInfo): boolean => testInfo.project.name === "phone";

/** The header toggle of the mobile panel. */
const menuToggle = (page: Page): Locator => page.getByRole("button", { name: /menu/i });

/** Opens the mobile panel and returns it (a dialog, or the header when no dialog appears); call after gotoReady so the island listens. */
export async function openMobileMenu(page: Page): Promise<Locator> {
  const toggle = menuToggle(page).first();
  await toggle.click();
  const dialog = page.getByRole("dialog").first();
  const opened = await dialog.waitFor({ state: "visible", timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  return opened ? dialog : page.getByRole("banner");
}

/** Opens whatever hides the header links at this width (mobile panel, Services dropdown) and returns where they live. */
export async function revealHeaderLinks(page: Page, testInfo: TestInfo): Promise<Locator> {
  const scope = isMobile(testInfo) ? await openMobileMenu(page) : page.getByRole("banner");
  const services = scope.getByRole("button", { name: /services/i });
  if ((await services.count()) && (await services.first().getAttribute("aria-expanded")) === "false")
    await services.first().click();
  return scope;
}

/** Waits until finite CSS animations and transitions have finished, so checks see the settled page. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => {
      const end = a.effect?.getComputedTiming().endTime;
      return typeof end === "number" && Number.isFinite(end);
    });
    await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), new Promise((r) => setTimeout(r, 3000))]);
  });
}

/** Elements with an image that read as a portfolio card: an article, or a list item that is not just an article's wrapper. */
export const portfolioCards = (page: Page): Locator =>
  page.locator("main").locator("article:has(img), li:has(img):not(:has(article))");

/**
 * Shows intent the way a visitor does (islands hydrate on first interaction: client:intent) until
 * every island on the page has hydrated (Astro drops their `ssr` attribute). It keeps moving the
 * pointer: on a busy dev server the directive may start listening only after the first moves.
 */
export async function hydrateIslands(page: Page, timeout = 30_000): Promise<void> {
  let step = 0;
  await expect(async () => {
    step++;
    await page.mouse.move(5 + (step % 2) * 7, 5 + (step % 3) * 5);
    expect(await page.locator("astro-island[ssr]").count()).toBe(0);
  }).toPass({ intervals: [100, 250, 500], timeout });
}

/** Opens `path` and waits until its islands are live. */
export async function gotoReady(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrateIslands(page);
  return response;
}

/**
 * Holds the `method` requests to `url` until the returned function is called: the test sees the pending state
 * a slow network shows (a disabled "Saving..." button) for as long as it takes to check it, not for a fixed time.
 */
export async function holdRequests(page: Page, url: string | RegExp, method: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() === method) await held;
    await route.fallback();
  });
  return release;
}

/**
 * The page is no wider than the screen. A failure names the elements that reach past its right edge (deepest first,
 * with their text), so a run on a busy shared database says which screen's content widened the page.
 */
export async function expectNoSidewaysScroll(page: Page, where = page.url()): Promise<void> {
  // The screen's width as set, not window.innerWidth: a phone's layout viewport grows to fit content wider than it.
  const width = page.viewportSize()!.width;
  const found = await page.evaluate((width) => {
    const past = [...document.body.querySelectorAll("*")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > width + 0.5 && !el.closest("[aria-hidden=true]");
      })
      .filter((el, _, all) => !all.some((other) => other !== el && el.contains(other)))
      .slice(0, 5)
      .map((el) => {
        const id = el.id ? `#${el.id}` : "";
        const cls =
          typeof el.className === "string" && el.className ? `.${el.className.split(/\s+/).slice(0, 4).join(".")}` : "";
        return `${el.tagName.toLowerCase()}${id}${cls} right=${Math.round(el.getBoundingClientRect().right)} "${(el.textContent ?? "").trim().slice(0, 60)}"`;
      });
    return { scrollWidth: document.documentElement.scrollWidth, width, past };
  }, width);
  expect(
    found.scrollWidth,
    `${where} is wider than the screen; reaching past it: ${found.past.join("; ")}`,
  ).toBeLessThanOrEqual(found.width);
}
