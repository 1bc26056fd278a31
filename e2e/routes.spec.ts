/** Every public route, its required content and links (docs/requirements.md#routes, #public-site). */
import { expect, test, type Page } from "./fixtures";
import { gotoReady, isMobile, portfolioCards, revealHeaderLinks } from "./helpers/page";
import {
  company,
  FORM_RESULT_PAGES,
  HEADER_LINKS,
  NOT_FOUND_TEXT,
  NOT_FOUND_TITLE,
  phoneDigits,
  PORTAL_CODE,
  PUBLIC_PAGES,
  SERVICES_LINKS,
  UNKNOWN_PATH,
} from "./helpers/site";

/** Each contact card (docs/requirements.md#home) shows its role with working tel: and mailto: links. */
async function expectContactCards(page: Page) {
  const main = page.getByRole("main");
  for (const contact of company.contacts) {
    await expect(
      main.getByText(contact.role, { exact: false }).first(),
      `contact card for ${contact.role}`,
    ).toBeVisible();
    const tels = await main
      .locator('a[href^="tel:"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    expect(tels.map(phoneDigits), `tel: link to ${contact.role} ${contact.phone.display}`).toContain(
      phoneDigits(contact.phone.tel),
    );
    await expect(
      main.locator(`a[href="mailto:${contact.email}"]`).first(),
      `mailto: link to ${contact.role}`,
    ).toBeVisible();
  }
}

/** Asserts a heading naming each item exists in main, in the given order. */
async function expectHeadingsInOrder(page: Page, names: RegExp[]) {
  const main = page.getByRole("main");
  const tops: number[] = [];
  for (const name of names) {
    const heading = main.getByRole("heading", { name }).first();
    await expect(heading, `heading ${name}`).toBeVisible();
    tops.push(await heading.evaluate((el) => el.getBoundingClientRect().top + window.scrollY));
  }
  return tops;
}

test.describe("public routes answer with their page", () => {
  for (const { path, area, title } of PUBLIC_PAGES) {
    test(`${path} (${area}): 200, one visible h1, title names the page and the company`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page).toHaveTitle(new RegExp(company.name));
      const h1 = page.locator("h1");
      await expect(h1).toHaveCount(1);
      await expect(h1).toBeVisible();
      await expect(h1).not.toHaveText(/^\s*$/);
      await expect(page.getByRole("main")).toBeVisible();
    });
  }

  for (const path of FORM_RESULT_PAGES) {
    test(`${path}: the no-JavaScript form landing page answers 200 with a heading`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).toBeVisible();
    });
  }

  test("an unknown path shows the 404 page (status 404)", async ({ page }) => {
    const response = await page.goto(UNKNOWN_PATH);
    await expect(page).toHaveTitle(NOT_FOUND_TITLE);
    await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
    expect(response?.status()).toBe(404);
  });
});

test.describe("header", { tag: "@phone" }, () => {
  test("links to Home, About, Contact and the Services pages", async ({ page }, testInfo) => {
    await gotoReady(page, "/about");
    const scope = await revealHeaderLinks(page, testInfo);
    for (const { href, name } of [...HEADER_LINKS, ...SERVICES_LINKS]) {
      const link = scope.locator(`a[href="${href}"]`).filter({ hasText: name });
      await expect(link.first(), `header link ${name} -> ${href}`).toBeVisible();
    }
    if (!isMobile(testInfo))
      await expect(page.getByRole("banner").getByRole("button", { name: /services/i })).toBeVisible();
  });

  test("marks the current page with aria-current=page", async ({ page }, testInfo) => {
    await gotoReady(page, "/about");
    const scope = await revealHeaderLinks(page, testInfo);
    await expect(scope.locator('a[href="/about"][aria-current="page"]').first()).toBeVisible();
    await expect(scope.locator('a[href="/contact"][aria-current="page"]')).toHaveCount(0);
  });
});

test.describe("footer", () => {
  test("Services column links to both service pages and to anchors that exist", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(company.tagline).first()).toBeVisible();
    await expect(footer.getByText(String(company.foundingYear)).first()).toBeVisible();
    await expect(footer.getByText(/all rights reserved/i)).toBeVisible();
    await expect(footer.getByText(/licensed (and|&) insured/i)).toBeVisible();
    await expect(footer.getByText(/equal opportunity employer/i)).toBeVisible();
    for (const href of ["/multifamily", "/residential"])
      await expect(footer.locator(`a[href="${href}"]`).first(), `footer link ${href}`).toBeVisible();
    for (const anchor of ["renovations", "design-build"]) {
      const link = footer.locator(`a[href$="#${anchor}"]`).first();
      await expect(link, `footer link #${anchor}`).toBeVisible();
      const target = new URL((await link.getAttribute("href"))!, page.url());
      await page.goto(target.pathname);
      await expect(page.locator(`[id="${anchor}"]`), `#${anchor} target on ${target.pathname}`).toHaveCount(1);
      await page.goto("/");
    }
  });
});

test.describe("page content", () => {
  test("home: hero CTAs, trust statements, service previews, values, contact cards", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.locator('a[href="/contact"]').first(), "CTA to /contact").toBeVisible();
    await expect(main.locator('a[href="/about"]').first(), "CTA to /about").toBeVisible();
    await expect(main.locator('a[href="/multifamily"]').first(), "service preview -> /multifamily").toBeVisible();
    await expect(main.locator('a[href="/residential"]').first(), "service preview -> /residential").toBeVisible();
    for (const value of [/quality/i, /integrity/i, /service/i])
      await expect(main.getByRole("heading", { name: value }).first(), `value ${value}`).toBeVisible();
    await expectContactCards(page);
  });

  test("about: hero buttons to /contact, /multifamily, /residential; values", async ({ page }) => {
    await page.goto("/about");
    const main = page.getByRole("main");
    for (const href of ["/contact", "/multifamily", "/residential"])
      await expect(main.locator(`a[href="${href}"]`).first(), `link to ${href}`).toBeVisible();
    for (const value of [/quality/i, /integrity/i, /service/i])
      await expect(main.getByRole("heading", { name: value }).first(), `value ${value}`).toBeVisible();
  });

  test("residential: eight services, four-step process, Start your project and Call now", async ({ page }) => {
    await page.goto("/residential");
    await expectHeadingsInOrder(page, [
      /interior painting/i,
      /exterior painting/i,
      /flooring/i,
      /drywall (and|&) texture/i,
      /doors (and|&) windows/i,
      /cabinets (and|&) trim/i,
      /siding/i,
      /fencing/i,
    ]);
    const steps = await expectHeadingsInOrder(page, [
      /initial consultation/i,
      /design (and|&) planning/i,
      /expert construction/i,
      /project completion/i,
    ]);
    expect(
      [...steps].sort((a, b) => a - b),
      "process steps in order",
    ).toEqual(steps);
    const start = page.getByRole("main").getByRole("link", { name: /start your project/i });
    await expect(start.first()).toHaveAttribute("href", "/contact");
    const call = page.getByRole("main").getByRole("link", { name: /call now/i });
    await expect(call.first()).toHaveAttribute("href", /^tel:\+?\d/);
    const freeQuote = page
      .getByRole("main")
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: /free.*(quote|estimate)/i }) });
    await expect(
      freeQuote.locator('a[href="/contact"]').first(),
      "free-quote call to action -> /contact",
    ).toBeVisible();
  });

  test("multifamily: eight services, 300+ capability, quote/bid CTAs, bid call to action with phone and estimating e-mail", async ({
    page,
  }) => {
    await page.goto("/multifamily");
    const main = page.getByRole("main");
    await expectHeadingsInOrder(page, [
      /interior painting/i,
      /exterior painting/i,
      /wall coverings?/i,
      /exterior sealant/i,
      /flooring/i,
      /quality control/i,
      /project management/i,
      /value engineering/i,
    ]);
    await expect(main.getByText(company.unitCapacity).first()).toBeVisible();
    await expect(
      main.locator('a[href="/contact"]').filter({ hasText: /quote/i }).first(),
      "quote button -> /contact",
    ).toBeVisible();
    await expect(
      main.locator('a[href="/contact"]').filter({ hasText: /bid/i }).first(),
      "bid-proposal button -> /contact",
    ).toBeVisible();
    await expect(main.locator('a[href^="tel:"]').first(), "bid CTA phone").toBeVisible();
    await expect(
      main.locator(`a[href="mailto:${company.estimatingEmail}"]`).first(),
      "bid CTA estimating e-mail",
    ).toBeVisible();
  });

  test("portfolio: filter buttons, six project cards, get-a-quote and call links", async ({ page }) => {
    await page.goto("/portfolio");
    const main = page.getByRole("main");
    for (const name of [/all projects/i, /^residential$/i, /^multifamily$/i])
      await expect(main.getByRole("button", { name }), `filter ${name}`).toBeVisible();
    await expect(portfolioCards(page)).toHaveCount(6);
    await expect(
      main.locator('a[href="/contact"]').filter({ hasText: /quote/i }).first(),
      "get-a-quote -> /contact",
    ).toBeVisible();
    await expect(main.locator('a[href^="tel:"]').first(), "call link").toBeVisible();
  });

  test("portfolio without JavaScript shows all six projects", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/portfolio");
    await expect(portfolioCards(page)).toHaveCount(6);
    await context.close();
  });

  test("contact: call and e-mail buttons, three contact cards, the form fields", async ({ page }) => {
    await page.goto("/contact");
    const main = page.getByRole("main");
    await expect(main.locator('a[href^="tel:"]').first(), "call button").toBeVisible();
    await expect(main.locator('a[href^="mailto:"]').first(), "e-mail button").toBeVisible();
    await expectContactCards(page);
    const form = main.locator("form");
    await expect(form).toHaveCount(1);
    await expect(form.getByLabel(/full name/i)).toBeVisible();
    await expect(form.getByLabel(/e-?mail/i)).toHaveAttribute("type", "email");
    await expect(form.getByLabel(/phone/i)).toBeVisible();
    const details = form.getByLabel(/project details/i);
    await expect(details).toBeVisible();
    expect(await details.evaluate((el) => el.tagName)).toBe("TEXTAREA");
    await expect(details).toHaveAttribute("rows", "8");
    await expect(form.getByRole("button", { name: /send/i })).toBeVisible();
  });
});

test.describe("what public pages download", () => {
  for (const { path } of PUBLIC_PAGES) {
    test(`${path}: no third-party requests, scripts only from /_astro/ island chunks, no portal code`, async ({
      page,
      request,
    }) => {
      const requests: { url: URL; type: string }[] = [];
      page.on("request", (r) => {
        if (!/^(data|blob):/.test(r.url())) requests.push({ url: new URL(r.url()), type: r.resourceType() });
      });
      await gotoReady(page, path);
      // Scroll to the end so client:visible islands load too, then let their requests finish.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
      const origin = new URL(page.url()).origin;
      expect(
        requests.filter((r) => r.url.origin !== origin).map((r) => r.url.href),
        "third-party requests",
      ).toEqual([]);
      const scripts = requests.filter((r) => r.type === "script").map((r) => r.url.pathname);
      expect(
        scripts.filter((s) => PORTAL_CODE.test(s)),
        "portal code",
      ).toEqual([]);
      expect(
        scripts.filter((s) => !s.startsWith("/_astro/")),
        "scripts outside /_astro/",
      ).toEqual([]);
      // API paths (the shared routes module) may appear; links to or code of the staff screens may not.
      for (const s of scripts) {
        const code = await (await request.get(s)).text();
        expect(code, `${s} bundles portal code`).not.toMatch(
          /html2canvas|(?<!\/api)\/portal\/(dashboard|signature|proposal-editor)/,
        );
      }
    });
  }
});
