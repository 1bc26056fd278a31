/** Metadata of every public page, JSON-LD, robots.txt and the sitemap (docs/requirements.md#metadata-and-sharing). */
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { company, phoneDigits, PUBLIC_PAGES, siteUrl } from "./helpers/site";

let SITE = "";
test.beforeAll(async () => {
  SITE = await siteUrl();
});

const meta = (page: Page, selector: string) => page.locator(`head meta[${selector}]`);

/** Expects exactly one meta tag matching selector with non-empty content, and returns the content. */
async function content(page: Page, selector: string): Promise<string> {
  const tag = meta(page, selector);
  await expect(tag, `<meta ${selector}>`).toHaveCount(1);
  const value = (await tag.getAttribute("content")) ?? "";
  expect(value.trim(), `<meta ${selector}> content`).not.toBe("");
  return value;
}

/** Fetches a URL of this site by path (absolute URLs point at the production origin). */
async function fetchOwn(request: APIRequestContext, href: string) {
  const url = new URL(href, "http://placeholder");
  return request.get(url.pathname + url.search);
}

const samePath = (a: string, b: string) => a.replace(/\/$/, "") === b.replace(/\/$/, "");

test.describe("per-page metadata", () => {
  for (const { path } of PUBLIC_PAGES) {
    test(`${path}: title, description, canonical, Open Graph, Twitter, viewport, theme colour, favicons`, async ({
      page,
      request,
    }) => {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", /^en/);
      expect((await page.title()).trim()).not.toBe("");

      const description = await content(page, 'name="description"');
      expect(description.length, "description length (search engines cut at ~160)").toBeGreaterThanOrEqual(50);
      expect(description.length).toBeLessThanOrEqual(170);

      const canonical = page.locator('head link[rel="canonical"]');
      await expect(canonical).toHaveCount(1);
      const canonicalUrl = new URL((await canonical.getAttribute("href"))!);
      expect(canonicalUrl.origin, "canonical uses the configured site URL").toBe(new URL(SITE).origin);
      expect(samePath(canonicalUrl.pathname, path), `canonical path ${canonicalUrl.pathname} for ${path}`).toBe(true);

      await content(page, 'property="og:title"');
      await content(page, 'property="og:description"');
      expect(await content(page, 'property="og:url"'), "og:url equals canonical").toBe(canonicalUrl.href);
      const ogImage = await content(page, 'property="og:image"');
      expect(ogImage, "og:image is an absolute URL").toMatch(/^https?:\/\//);
      const image = await fetchOwn(request, ogImage);
      expect(image.status(), `og:image ${ogImage}`).toBe(200);
      expect(image.headers()["content-type"]).toMatch(/^image\/(png|jpeg|webp)/);
      expect(await content(page, 'name="twitter:card"')).toMatch(/^summary(_large_image)?$/);

      const viewport = (await content(page, 'name="viewport"')).replace(/\s/g, "").toLowerCase();
      expect(viewport).toContain("width=device-width");
      expect(viewport, "zoom allowed to 5x (docs/requirements.md#metadata-and-sharing)").toContain("maximum-scale=5");
      expect(viewport).not.toMatch(/user-scalable=(no|0)/);

      expect(await content(page, 'name="theme-color"')).toMatch(/^#[0-9a-f]{3,8}$|^rgb|^hsl/i);
      await expect(
        meta(page, 'name="robots"').and(page.locator('[content*="noindex"]')),
        "public pages are indexable",
      ).toHaveCount(0);

      const icons = page.locator('head link[rel~="icon"]');
      expect(await icons.count(), "favicon links").toBeGreaterThanOrEqual(1);
      const appleIcon = page.locator('head link[rel="apple-touch-icon"]');
      await expect(appleIcon, "apple-touch-icon").toHaveCount(1);
      for (const href of [
        ...(await icons.evaluateAll((l) => l.map((e) => e.getAttribute("href")!))),
        (await appleIcon.getAttribute("href"))!,
      ]) {
        expect((await fetchOwn(request, href)).status(), `icon ${href}`).toBe(200);
      }
    });
  }

  test("titles and descriptions differ between pages", async ({ page }) => {
    const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      seen.titles.add(await page.title());
      seen.descriptions.add((await meta(page, 'name="description"').getAttribute("content")) ?? "");
    }
    expect(seen.titles.size).toBe(PUBLIC_PAGES.length);
    expect(seen.descriptions.size).toBe(PUBLIC_PAGES.length);
  });
});

test.describe("structured data", () => {
  test("home has a GeneralContractor JSON-LD with the company facts", async ({ page }) => {
    await page.goto("/");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(blocks.length, "JSON-LD blocks").toBeGreaterThanOrEqual(1);
    const nodes = blocks.flatMap((text) => {
      const parsed = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
      const list = Array.isArray(parsed) ? parsed : [parsed];
      return list.flatMap((n) => (Array.isArray(n["@graph"]) ? (n["@graph"] as Record<string, unknown>[]) : [n]));
    });
    const contractor = nodes.find((n) => [n["@type"]].flat().includes("GeneralContractor"));
    expect(contractor, "a node with @type GeneralContractor").toBeDefined();
    expect(contractor!.name).toBe(company.name);
    expect(phoneDigits(String(contractor!.telephone ?? ""))).toBe(phoneDigits(company.phone.tel));
    expect(String(contractor!.foundingDate ?? "")).toMatch(new RegExp(`^${company.foundingYear}`));
    const address = contractor!.address as Record<string, unknown> | undefined;
    expect(address, "address").toBeDefined();
    expect(address!.addressLocality).toBe(company.city);
    expect(address!.addressRegion).toMatch(new RegExp(`^(${company.region}|${company.regionName})$`));
  });

  test("every JSON-LD block on every public page parses", async ({ page }) => {
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      for (const text of await page.locator('script[type="application/ld+json"]').allTextContents()) {
        expect(() => JSON.parse(text), `JSON-LD on ${path}`).not.toThrow();
      }
    }
  });
});

test.describe("crawling", () => {
  test("robots.txt disallows /portal and links the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent:\s*\*/im);
    expect(text).toMatch(/^Disallow:\s*\/portal\/?\s*$/im);
    const sitemap = text.match(/^Sitemap:\s*(\S+)\s*$/im)?.[1];
    expect(sitemap, "Sitemap: line").toBeDefined();
    expect(sitemap!.startsWith(`${SITE}/`), `sitemap URL ${sitemap} on ${SITE}`).toBe(true);
    expect(sitemap).toMatch(/\/sitemap(-index)?\.xml$/);
  });

  test("sitemap lists the six public pages and nothing under /portal", async ({ request }) => {
    const readXml = async (name: string): Promise<string | undefined> => {
      const r = await request.get(`/${name}`);
      return r.ok() ? r.text() : undefined;
    };
    const index = await readXml("sitemap-index.xml");
    expect(index, "sitemap-index.xml").toBeDefined();
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.trim());
    const urls: string[] = [];
    for (const sitemap of locs(index!)) {
      const xml = await readXml(new URL(sitemap).pathname.replace(/^\//, ""));
      expect(xml, sitemap).toBeDefined();
      urls.push(...locs(xml!));
    }
    const paths = urls.map((u) => new URL(u).pathname);
    for (const u of urls) expect(new URL(u).origin, u).toBe(new URL(SITE).origin);
    for (const { path } of PUBLIC_PAGES)
      expect(
        paths.some((p) => samePath(p, path)),
        `sitemap lists ${path}`,
      ).toBe(true);
    expect(
      paths.filter((p) => p.startsWith("/portal")),
      "portal pages in the sitemap",
    ).toEqual([]);
  });

  test("portal pages are noindex", async ({ page }) => {
    const response = await page.goto("/portal/login");
    test.skip(response?.status() === 404, "/portal/login does not exist yet");
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });
});
