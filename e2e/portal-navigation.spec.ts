/**
 * The portal's frame at 375 and 1280 px (issue 37): every screen one or two taps from the navigation (a sidebar on a
 * desk, a menu sheet on a phone), each screen's heading near the top and nothing scrolling sideways; the phone's
 * menu by keyboard alone; and "Needs you now" on the dashboard, showing a seeded overdue lead, an accepted bid and
 * a failed seal, each opening its record, gone once dealt with. Screenshots of the dashboard and Leads go to
 * ../shots-i37/ (outside the repository) for a person to look at.
 */
import { randomUUID } from "node:crypto";
import { createUser } from "../src/server/auth/commands/users";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { sampleBid, unique } from "./helpers/bids";
import { isMobile, settle, expectNoSidewaysScroll } from "./helpers/page";
import { authHeaders, signedIn, withStoredToken } from "./helpers/portal";
import { API, randomVisitor, seedWith } from "./helpers/seed";
import { withServerDb } from "./helpers/server";

const SHOTS = "../shots-i37";

/** Every screen the navigation offers an administrator (the run's user is one), with its heading. */
const SCREENS = [
  { link: /^Leads/, path: "/portal/messages", heading: "Leads" },
  { link: /^Proposals/, path: "/portal/proposals", heading: "Proposals" },
  { link: "Reports", path: "/portal/reports", heading: "Reports" },
  { link: "Proposal Editor", path: "/portal/proposal-editor", heading: "Professional Proposal Editor" },
  { link: "Templates", path: "/portal/dashboard", heading: "Proposal Templates" },
  { link: "Email Signature", path: "/portal/signature", heading: "Email Signature Generator" },
  { link: "Staff", path: "/portal/staff", heading: "Staff" },
  { link: "Activity", path: "/portal/activity", heading: "Activity" },
  { link: "Account", path: "/portal/account", heading: "Account" },
] as const;

/** The navigation as this width shows it: the sidebar, or (a phone, a wide tool) the sheet the menu button opens. */
async function openNavigation(page: Page): Promise<{ nav: ReturnType<Page["getByRole"]>; taps: number }> {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) {
    await menu.click();
    return { nav: page.getByRole("dialog").getByRole("navigation", { name: "Portal" }), taps: 1 };
  }
  return { nav: page.getByRole("navigation", { name: "Portal" }), taps: 0 };
}

test(
  "every portal screen is at most two taps from the navigation; each starts near the top and never scrolls sideways",
  { tag: "@phone" },
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    await signedIn(page, request);
    await page.goto("/portal/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Proposal Templates" })).toBeVisible();
    for (const next of SCREENS) {
      // From the screen before: the navigation (opened by the menu button where there is no sidebar), then the link.
      const { nav, taps } = await openNavigation(page);
      await nav.getByRole("link", { name: next.link }).click();
      expect(taps + 1).toBeLessThanOrEqual(2);
      await expect(page).toHaveURL(new RegExp(`${next.path}$`));
      const heading = page.getByRole("heading", { level: 1, name: next.heading, exact: true });
      await expect(heading).toBeVisible();
      // The screen's own content starts within 120 px of the top on a phone; the page is never wider than the screen.
      if (isMobile(testInfo)) expect((await heading.boundingBox())!.y).toBeLessThanOrEqual(120);
      // The wide tools say plainly on a phone that they need a wider screen, with the way back.
      const note = page.getByText(/needs a wider screen/);
      if (isMobile(testInfo) && ["Proposal Editor", "Email Signature"].includes(String(next.link))) {
        await expect(note).toBeVisible();
        await expect(page.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute(
          "href",
          "/portal/dashboard",
        );
      } else await expect(note).toBeHidden();
      await expectNoSidewaysScroll(page);
      // The screen reached is the one marked current.
      const marked = await openNavigation(page);
      await expect(marked.nav.getByRole("link", { name: next.link })).toHaveAttribute("aria-current", "page");
      if (marked.taps) await page.keyboard.press("Escape");
    }
  },
);

test("at 1280 px the navigation is one column beside the screen", async ({ page, request }, testInfo) => {
  test.skip(isMobile(testInfo), "the desk's sidebar");
  await signedIn(page, request);
  await page.goto("/portal/messages");
  const nav = page.getByRole("navigation", { name: "Portal" });
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
  const boxes = await Promise.all(SCREENS.map((s) => nav.getByRole("link", { name: s.link }).boundingBox()));
  const xs = new Set(boxes.map((b) => Math.round(b!.x)));
  expect(xs.size).toBe(1);
  const heading = (await page.getByRole("heading", { level: 1, name: "Leads" }).boundingBox())!;
  expect(heading.x).toBeGreaterThan(boxes[0]!.x + boxes[0]!.width);
  for (const group of ["Sales", "Documents", "Company"])
    await expect(nav.getByText(group, { exact: true })).toBeVisible();
});

test(
  "keyboard only: the phone's menu opens, keeps the focus inside, and closes with Escape or its button",
  { tag: "@phone" },
  async ({ page, request }, testInfo) => {
    await signedIn(page, request);
    // A phone's menu on any screen; on a desk, the wide tools use the same menu.
    await page.goto(isMobile(testInfo) ? "/portal/dashboard" : "/portal/signature");
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu).toBeFocused();
    await page.keyboard.press("Enter");
    const sheet = page.getByRole("dialog");
    await expect(sheet).toBeVisible();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press(i % 4 === 3 ? "Shift+Tab" : "Tab");
      expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(menu).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(sheet).toBeVisible();
    const close = sheet.getByRole("button", { name: "Close menu" });
    for (let i = 0; i < 30 && !(await close.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await expect(close).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(sheet).toBeHidden();
    await expect(menu).toBeFocused();
  },
);

/**
 * On a phone: the screen as wide as the screen, and every control of its main part at least 44 px tall (the
 * controls that show; links in running text aside). A failure lists the controls that are smaller.
 */
async function expectFitsThePhone(page: Page, testInfo: TestInfo): Promise<void> {
  if (!isMobile(testInfo)) return;
  await expectNoSidewaysScroll(page);
  const small = await page
    .locator("main")
    .evaluate((main) =>
      [...main.querySelectorAll("button, select, input:not([type=checkbox]):not([type=radio]):not([type=range])")]
        .filter((el) => (el as HTMLElement).offsetParent !== null && el.getBoundingClientRect().height < 44)
        .map((el) => `${el.tagName} ${el.textContent?.trim() || el.getAttribute("aria-label") || ""}`),
    );
  expect(small).toEqual([]);
}

/** A staff member of their own (not an administrator): their list holds only what this test gives them. */
async function estimator(request: APIRequestContext): Promise<{ id: string; token: string }> {
  const username = `e2e-attention-${randomUUID().slice(0, 8)}`;
  const password = "attention-password-e2e";
  const id = await withServerDb((db) => createUser(db, username, password));
  return { id, token: await seedWith(request).login({ username, password }) };
}

test(
  "Needs you now: an overdue lead, an accepted bid and a failed seal, each opening its record, gone once dealt with",
  { tag: "@phone" },
  async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const me = await estimator(request);
    const seed = seedWith(request);
    const tag = unique();
    const first = `Late${tag}`;
    await seed.contact(
      { firstName: first, lastName: "Client", email: `late-${tag}@example.com`, message: "Repaint, please." },
      randomVisitor(),
    );
    const signer = (n: number) => [{ name: `Signer ${n}`, email: `attention-${tag}-${n}@example.com` }];
    const acceptedBid = await seed.sendBid(me.token, sampleBid(`Accepted ${tag}`, signer(1)));
    const unsealedBid = await seed.sendBid(me.token, sampleBid(`Unsealed ${tag}`, signer(2)));
    const leadId = await withServerDb(async (db) => {
      const [lead] = await db.query<{ id: string }>(
        `UPDATE contact_messages SET owner_id = $2, reply_due_at = now() - interval '1 hour'
       WHERE first_name = $1 RETURNING id`,
        [first, me.id],
      );
      // The client signed (the bid specs sign for real); sealing is put off a year so the job leaves both alone,
      // and the second one's seal failed.
      await db.query(
        `UPDATE bid_versions SET accepted_at = now(), seal_attempt_at = now() + interval '1 year',
         seal_error = CASE WHEN bid_id = $2 THEN 'the signing service did not answer' END
       WHERE bid_id IN ($1, $2)`,
        [acceptedBid, unsealedBid],
      );
      await db.query(
        `INSERT INTO bid_events (version_id, kind) SELECT id, 'signed' FROM bid_versions WHERE bid_id = $1`,
        [acceptedBid],
      );
      return lead!.id;
    });
    await withStoredToken(page, me.token);
    await page.goto("/portal/dashboard");
    const list = page.getByRole("region", { name: "Needs you now" });
    const group = (name: string) => list.getByRole("region", { name: new RegExp(`^${name}`) });
    const leadLink = group("Overdue leads").getByRole("link", { name: new RegExp(first) });
    const acceptedLink = group("Proposals viewed").getByRole("link", { name: new RegExp(`Accepted ${tag}`) });
    const sealLink = group("Signed proposals not sealed").getByRole("link", { name: new RegExp(`Unsealed ${tag}`) });
    await expect(leadLink).toBeVisible();
    await expect(acceptedLink).toContainText("Accepted");
    await expect(sealLink).toBeVisible();
    // The top bar's count opens the same list.
    await expect(page.getByRole("link", { name: /need you/ })).toHaveAttribute("href", "/portal/dashboard#needs-you");
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/dashboard-${testInfo.project.name}.png`, fullPage: true });

    // Each item opens its record.
    await leadLink.click();
    await expect(page).toHaveURL(new RegExp(`/portal/messages#lead-${leadId}$`));
    await expect(page.locator("#lead-name")).toContainText(first);
    // Reply, assign, mark contacted and the message itself, on a phone without sideways scrolling.
    await expect(page.getByText("Repaint, please.")).toBeVisible();
    await expectFitsThePhone(page, testInfo);
    if (isMobile(testInfo)) await page.screenshot({ path: `${SHOTS}/lead-phone.png`, fullPage: true });
    await page.goto("/portal/dashboard");
    await sealLink.click();
    await expect(page).toHaveURL(new RegExp(`/portal/proposals#${unsealedBid}$`));
    await expect(page.getByRole("heading", { level: 2, name: `Unsealed ${tag}` })).toBeVisible();
    // Status, timeline and the actions (Withdraw, Re-issue) on a phone.
    await expectFitsThePhone(page, testInfo);
    if (isMobile(testInfo)) await page.screenshot({ path: `${SHOTS}/bid-phone.png`, fullPage: true });
    await page.goto("/portal/dashboard");
    await acceptedLink.click();
    await expect(page).toHaveURL(new RegExp(`/portal/proposals#${acceptedBid}$`));
    await expect(page.getByRole("heading", { level: 2, name: `Accepted ${tag}` })).toBeVisible();

    // Dealt with: the lead contacted, the accepted bid opened (above), the seal made on a retry.
    const patched = await request.patch(`${API.base}/portal/leads/${leadId}`, {
      headers: authHeaders(me.token),
      data: { status: "contacted" },
    });
    expect(patched.status()).toBe(200);
    await withServerDb((db) =>
      db.query(
        `UPDATE bid_versions SET sealed_at = now(), sealed_pdf = '\\x00', sealed_sha256 = encode(sha256(bid_id::text::bytea), 'hex')
       WHERE bid_id = $1`,
        [unsealedBid],
      ),
    );
    await page.goto("/portal/dashboard");
    await expect(list.getByRole("heading", { name: "Needs you now" })).toBeVisible();
    await expect(list.getByText(/Looking for what needs you/)).toBeHidden();
    for (const gone of [first, `Accepted ${tag}`, `Unsealed ${tag}`]) await expect(list.getByText(gone)).toHaveCount(0);

    // The Leads screen as staff see it at this width, for the note.
    await page.goto("/portal/messages");
    await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
    await settle(page);
    await expectFitsThePhone(page, testInfo);
    await page.screenshot({ path: `${SHOTS}/leads-${testInfo.project.name}.png`, fullPage: true });
    await page.goto("/portal/proposals");
    await expect(page.getByRole("link", { name: new RegExp(`Accepted ${tag}`) }).first()).toBeVisible();
    await expectFitsThePhone(page, testInfo);
  },
);

test(
  "words longer than the screen (a name, an address, a title) never widen a portal screen on a phone",
  { tag: "@phone" },
  async ({ page, request }, testInfo) => {
    test.skip(!isMobile(testInfo), "the phone's width");
    test.setTimeout(90_000);
    const seed = seedWith(request);
    const tag = unique();
    // One unbroken word per field, each wider than 375 px at any size the screens use.
    const word = (prefix: string, length: number) => `${prefix}${tag}`.padEnd(length, "x");
    const email = `${word("mailbox", 50)}@${word("domain", 40)}.example.com`;
    const token = await signedIn(page, request);
    await seed.contact(
      { firstName: word("First", 40), lastName: word("Last", 40), email, message: `Repaint ${word("please", 120)}` },
      randomVisitor(),
    );
    await seed.template(token, {
      title: word("Title", 90),
      templateContent: word("Body", 300),
      category: "commercial",
    });
    await seed.sendBid(token, sampleBid(word("Project", 120), [{ name: word("Signer", 60), email }]));
    await withServerDb((db) => createUser(db, word("user", 60), "long-words-password-e2e"));
    // Each screen with the seeded word it lists, once its list has loaded.
    const shown: Record<string, string | undefined> = {
      "/portal/messages": word("First", 40),
      "/portal/proposals": word("Project", 120),
      "/portal/dashboard": word("Title", 90),
      "/portal/staff": word("user", 60),
    };
    for (const { path } of SCREENS) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const text = shown[path];
      if (text) await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
      await settle(page);
      await expectNoSidewaysScroll(page);
    }
  },
);
