import { expect, test, type Page } from "./fixtures";
import { hydrateIslands } from "./helpers/page";

const EMPTY = "No projects found for the selected category.";

async function openFilter(page: Page) {
  await page.goto("/portfolio");
  // Scroll the island's own element: React may replace the markup inside it while hydrating.
  const island = page.locator('astro-island[component-export="PortfolioFilter"]');
  await island.evaluate((el) => el.querySelector("*")!.scrollIntoView({ block: "center", behavior: "instant" }));
  await hydrateIslands(page);
  return page.getByRole("button", { name: "All Projects" });
}

const cards = (page: Page) => page.locator("[data-category]");

test("filters the six projects by category", async ({ page }) => {
  const all = await openFilter(page);
  await expect(all).toHaveAttribute("aria-pressed", "true");
  await expect(cards(page)).toHaveCount(6);
  const residentialCount = await page.locator('[data-category="residential"]').count();
  const multifamilyCount = await page.locator('[data-category="multifamily"]').count();
  expect(residentialCount + multifamilyCount).toBe(6);
  expect(residentialCount).toBeGreaterThan(0);
  expect(multifamilyCount).toBeGreaterThan(0);

  for (const [label, category, count] of [
    ["Residential", "residential", residentialCount],
    ["Multifamily", "multifamily", multifamilyCount],
  ] as const) {
    const button = page.getByRole("button", { name: label, exact: true });
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expect(all).toHaveAttribute("aria-pressed", "false");
    await expect(cards(page)).toHaveCount(count);
    await expect(page.locator(`[data-category]:not([data-category="${category}"])`)).toHaveCount(0);
  }

  await all.click();
  await expect(cards(page)).toHaveCount(6);
  await expect(page.getByText(EMPTY)).toHaveCount(0);
});

test("cards show title, category, city, year and an image with its size; the first loads at once, the rest lazily", async ({
  page,
}) => {
  await openFilter(page);
  const first = cards(page).first();
  await expect(first.getByRole("heading")).not.toBeEmpty();
  await expect(first).toContainText(/Residential|Multifamily/);
  await expect(first).toContainText(/20\d\d/);
  const img = first.getByRole("img");
  await expect(img).toHaveAttribute("loading", "eager");
  await expect(img).toHaveAttribute("fetchpriority", "high");
  for (const later of await cards(page)
    .getByRole("img")
    .all()
    .then((all) => all.slice(1))) {
    await expect(later).toHaveAttribute("loading", "lazy");
  }
  await expect(img).toHaveAttribute("width", /\d+/);
  await expect(img).toHaveAttribute("height", /\d+/);
  await expect(img).toHaveAttribute("alt", /\S/);
});

test("shows the empty message when a category has no projects", async ({ page }) => {
  // The real collection has both categories, so serve /portfolio as if it held no multifamily project:
  // the island's props become all-residential (React then re-renders the cards from those props).
  await page.route(/\/portfolio\/?$/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replaceAll(
      "&quot;category&quot;:[0,&quot;multifamily&quot;]",
      "&quot;category&quot;:[0,&quot;residential&quot;]",
    );
    await route.fulfill({ response, body: html });
  });
  await openFilter(page);
  await page.getByRole("button", { name: "Multifamily", exact: true }).click();
  await expect(page.getByText(EMPTY)).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Residential", exact: true }).click();
  await expect(cards(page)).toHaveCount(6);
  await expect(page.getByText(EMPTY)).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("all six projects show", async ({ page }) => {
    await page.goto("/portfolio");
    await expect(cards(page)).toHaveCount(6);
    await expect(page.getByRole("button", { name: "All Projects" })).toHaveAttribute("aria-pressed", "true");
  });
});
