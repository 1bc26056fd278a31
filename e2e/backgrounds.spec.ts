/**
 * docs/requirements.md#backgrounds-and-layout-constants: the dark blueprint backgrounds (page heroes, call-to-action
 * bands) stay fixed while the page scrolls on screens 768 px and wider, and scroll with the page below 768 px (fixed
 * backgrounds jank or are ignored on phones). The background is a ::before layer, so the page's own box never repaints.
 */
import { expect, test, type Page } from "./fixtures";
import { PUBLIC_PAGES } from "./helpers/site";

/** Each band's background layer as the browser computed it. */
const bandLayers = (page: Page) =>
  page.locator(".blueprint-band").evaluateAll((bands) =>
    bands.map((band) => {
      const layer = getComputedStyle(band, "::before");
      return { position: layer.position, image: layer.backgroundImage !== "none" };
    }),
  );

test.describe("fixed backgrounds", { tag: "@phone" }, () => {
  for (const { path } of PUBLIC_PAGES) {
    test(`${path}: fixed from 768 px, scrolling below`, async ({ page }) => {
      await page.goto(path);
      const width = page.viewportSize()!.width;
      const layers = await bandLayers(page);
      expect(layers.length, "the page has a hero or call-to-action band").toBeGreaterThan(0);
      const position = width >= 768 ? "fixed" : "absolute";
      expect(layers).toEqual(layers.map(() => ({ position, image: true })));
    });
  }

  test("a fixed background stays put while its band scrolls past", async ({ page }) => {
    test.skip(page.viewportSize()!.width < 768, "below 768 px the background scrolls with the page");
    await page.goto("/about");
    const band = page.locator(".blueprint-band").first();
    const top = () => band.evaluate((el) => el.getBoundingClientRect().top);
    const before = await top();
    await page.mouse.wheel(0, 200);
    await expect.poll(top).toBeLessThan(before);
    // The layer is fixed to the viewport while the band (its clip) moves: the layer's box is the viewport.
    const layerBox = await band.evaluate((el) => {
      const layer = getComputedStyle(el, "::before");
      return { position: layer.position, top: layer.top, height: layer.height };
    });
    expect(layerBox.position).toBe("fixed");
    expect(layerBox.height).toBe(`${page.viewportSize()!.height}px`);
  });
});

test.describe("hero line drawing", { tag: "@phone" }, () => {
  test("drawn from 640 px; phones, which hide it, never download it", async ({ page }) => {
    const fetched: string[] = [];
    page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto("/about", { waitUntil: "load" });
    const art = page.locator("picture img").first();
    if (page.viewportSize()!.width >= 640) {
      await expect(art).toBeVisible();
      expect(await art.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe("/hero-art.svg");
      expect(await art.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    } else {
      await expect(art).toBeHidden();
      expect(fetched).not.toContain("/hero-art.svg");
    }
  });
});
