/**
 * The Proposals screen (docs/bids.md): the pipeline as a table and as cards, its filter, one bid's detail with the
 * PDF, Withdraw and Re-issue, the refusal for someone else's bid, and the top bar's count of bid updates.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./fixtures";
import { expectNoSidewaysScroll } from "./helpers/page";
import { axeViolations } from "./helpers/axe";
import { mailedSecret, sampleBid, unique } from "./helpers/bids";
import { expectToast } from "./helpers/proposal-editor";
import { apiToken, signedIn, withStoredToken } from "./helpers/portal";
import { API, seedWith } from "./helpers/seed";
import { colleagueToken } from "./helpers/staff";

const PROPOSALS = "/portal/proposals";
const proposalsLink = (page: Page) =>
  page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: /^Proposals/ });

const signer = (name: string) => ({ name, email: `${name.split(" ")[0]!.toLowerCase()}-${unique()}@example.com` });

test("the pipeline: a sent bid's row, the filter, its detail, the PDF, Withdraw and Re-issue", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const token = await signedIn(page, request);
  const project = `Cypress Creek ${unique()}`;
  const maria = signer("Maria Lopez");
  const bidId = await seedWith(request).sendBid(token, sampleBid(project, [maria]));

  await page.goto(PROPOSALS);
  await expect(proposalsLink(page)).toHaveAttribute("aria-current", "page");
  const row = page.getByRole("row").filter({ hasText: project });
  await expect(row).toContainText("Sent");
  await expect(row).toContainText("Maria Lopez");
  await expect(row).toContainText("$485,000.00");
  await expect(row).toContainText("Not opened yet");
  // The status is words, not only a colour.
  await expect(row.locator("[data-status]")).toHaveText(/Sent/);

  expect(await axeViolations(page)).toEqual([]);

  const status = page.getByLabel("Status");
  await status.selectOption("accepted");
  await expect(row).toHaveCount(0);
  await status.selectOption("sent");
  await expect(row).toBeVisible();

  await row.getByRole("link", { name: project }).click();
  await expect(page).toHaveURL(new RegExp(`#${bidId}$`));
  const detail = page.getByRole("article", { name: project });
  await expect(detail.getByRole("region", { name: "Signers" })).toContainText(maria.email);
  await expect(detail.getByRole("region", { name: "Signers" })).toContainText("Not opened yet");
  await expect(detail.getByRole("region", { name: "What was sent" })).toContainText("Thank you for the walk-through.");
  await expect(detail.locator("code")).toHaveText(/^[0-9a-f]{8}…[0-9a-f]{8}$/);
  expect(await axeViolations(page)).toEqual([]);
  const sentEvent = detail.getByRole("region", { name: "Timeline" }).getByRole("listitem").filter({ hasText: "Sent" });
  await expect(sentEvent.locator("time")).toHaveAttribute("title", /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);

  // Download PDF is the staff preview: the file the client downloads.
  const download = page.waitForEvent("download");
  await detail.getByRole("button", { name: "Download PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Cypress-Creek-[a-z0-9]+-proposal\.pdf$/);
  expect((await readFile((await file.path())!)).subarray(0, 5).toString()).toBe("%PDF-");

  // A signer whose e-mail went astray gets a fresh link; the timeline says so.
  await detail.getByRole("button", { name: "Send link again to Maria Lopez" }).click();
  await expectToast(page, "Link sent again", `A new link is on its way to ${maria.email}.`);
  await expect(detail.getByRole("region", { name: "Timeline" })).toContainText("link sent again");

  await expect(detail.getByRole("button", { name: "Re-issue" })).toHaveCount(0);
  await detail.getByRole("button", { name: "Withdraw" }).click();
  const confirm = page.getByRole("dialog", { name: "Withdraw this proposal?" });
  await confirm.getByRole("button", { name: "Withdraw" }).click();
  await expectToast(page, "Proposal withdrawn");
  await expect(confirm).toBeHidden();
  await expect(detail.locator("header [data-status]")).toHaveText(/Withdrawn/);
  await expect(detail.getByRole("button", { name: "Withdraw" })).toHaveCount(0);
  await expect(detail.getByRole("button", { name: /^Send link again/ })).toHaveCount(0);

  // Re-issue is one click, open for 30 days unless another day is chosen.
  await expect(detail.getByLabel("New expiry")).not.toHaveValue("");
  await detail.getByRole("button", { name: "Re-issue" }).click();
  await expectToast(page, "Proposal re-issued");
  await expect(detail.locator("header [data-status]")).toHaveText(/Sent/);
  await expect(detail).toContainText("version 2");

  await page.getByRole("button", { name: "All proposals" }).click();
  await expect(row).toContainText("Sent");
});

test("with nothing sent, the screen says so and links to the editor", async ({ page, request }) => {
  await signedIn(page, request);
  await page.route(
    (url) => url.pathname === API.bids,
    (route) => (route.request().method() === "GET" ? route.fulfill({ json: [] }) : route.fallback()),
  );
  await page.goto(PROPOSALS);
  await expect(page.getByRole("heading", { name: "No proposals sent yet" })).toBeVisible();
  await page.getByRole("link", { name: "Open the Proposal Editor" }).click();
  await page.waitForURL("**/portal/proposal-editor");
});

test("a table on a wide screen, cards at 375 px", { tag: "@phone" }, async ({ page, request }) => {
  const token = await signedIn(page, request);
  const project = `Layout ${unique()}`;
  await seedWith(request).sendBid(token, sampleBid(project, [signer("Rosa Diaz")]));
  await page.goto(PROPOSALS);
  const card = page.getByRole("list", { name: "Proposals" }).getByRole("listitem").filter({ hasText: project });
  const row = page.getByRole("row").filter({ hasText: project });
  const phone = page.viewportSize()!.width < 768;
  const shown = phone ? card : row;
  await expect(shown).toContainText("Rosa Diaz");
  await expect(shown.locator("[data-status]")).toHaveText(/Sent/);
  await expect(phone ? page.getByRole("table") : page.getByRole("list", { name: "Proposals" })).toBeHidden();
  // Nothing scrolls sideways: the page is as wide as the screen.
  await expectNoSidewaysScroll(page);
  await shown.getByRole("link", { name: project }).click();
  await expect(page.getByRole("article", { name: project })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test.describe("as a colleague", () => {
  // The colleague's count of updates is this describe's alone: its tests run one after the other.
  test.describe.configure({ mode: "serial" });

  test("someone else's bid cannot be withdrawn: the refusal is a toast", async ({ page, request }) => {
    // Sent by the run's staff user (an administrator could withdraw any bid; the colleague is not one).
    const owner = await apiToken(request);
    const project = `Not yours ${unique()}`;
    const bidId = await seedWith(request).sendBid(owner, sampleBid(project, [signer("Omar Haddad")]));
    await withStoredToken(page, await colleagueToken(request));
    await page.goto(`${PROPOSALS}#${bidId}`);
    const detail = page.getByRole("article", { name: project });
    await detail.getByRole("button", { name: "Withdraw" }).click();
    await page
      .getByRole("dialog", { name: "Withdraw this proposal?" })
      .getByRole("button", { name: "Withdraw" })
      .click();
    await expectToast(page, "Not your proposal", undefined, "destructive");
    await expect(detail.locator("header [data-status]")).toHaveText(/Sent/);
  });

  test("a client opening the link counts on Proposals until the screen is opened", async ({ page, request }) => {
    const colleague = await colleagueToken(request);
    const seed = seedWith(request);
    const lena = signer("Lena Park");
    await seed.sendBid(colleague, sampleBid(`Badge ${unique()}`, [lena]));
    expect((await seed.openBidLink(await mailedSecret(lena.email))).status).toBe(200);

    await withStoredToken(page, colleague);
    await page.goto("/portal/dashboard");
    await expect(proposalsLink(page)).toHaveText(/^Proposals\s*\d+\s*updates$/);
    const seen = page.waitForResponse((r) => new URL(r.url()).pathname === `${API.bids}/seen`);
    await proposalsLink(page).click();
    expect((await seen).ok()).toBe(true);
    await expect(page.getByRole("heading", { name: "Proposals", level: 1 })).toBeVisible();
    await expect(proposalsLink(page)).toHaveText("Proposals");
    // The server forgot the count too.
    await page.goto("/portal/dashboard");
    await expect(page.getByRole("heading", { name: "Proposal Templates" })).toBeVisible();
    await expect(proposalsLink(page)).toHaveText("Proposals");
  });
});
