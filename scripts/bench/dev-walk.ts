/**
 * What bench:dev does in a browser and page by page on `npm run dev`: every page answers with netlify.toml's
 * header rules, and staff work through the portal for a few rounds (templates, signature, proposal editor,
 * leads). CI's e2e/dev-server.spec.ts only checks that the dev server starts, serves a page and the API.
 */
import { chromium, expect, type Page } from "@playwright/test";
import { chromiumLaunch } from "../../playwright.config";
import { proposalMessages } from "../../src/features/bid-editor/messages";
import { signatureMessages } from "../../src/features/signature/messages";
import { templateMessages } from "../../src/features/templates/messages";
import { DEV_STAFF_USER } from "../../src/server/config";
import { seedApi, sendTo } from "../../test/seed";
import { ALL_PAGES, UNKNOWN_PATH } from "../../e2e/helpers/site";

/** The pages that did not answer as they should (status, title, header rules), one line each. */
export async function pageProblems(origin: string): Promise<string[]> {
  const problems: string[] = [];
  for (const path of ALL_PAGES) {
    const response = await fetch(`${origin}${path}`);
    const expected = path === UNKNOWN_PATH ? 404 : 200;
    if (response.status !== expected) problems.push(`${path}: ${response.status}, not ${expected}`);
    if (!(await response.text()).includes("<title>")) problems.push(`${path}: no <title>`);
    if (response.headers.get("x-frame-options") !== "DENY") problems.push(`${path}: no X-Frame-Options DENY`);
    if (!response.headers.get("permissions-policy")?.includes("publickey-credentials-get=(self)"))
      problems.push(`${path}: Permissions-Policy without publickey-credentials-get=(self)`);
  }
  const portal = await fetch(`${origin}/portal/login`);
  if (portal.headers.get("cache-control") !== "no-store") problems.push("/portal/login: not no-store");
  if (portal.headers.get("x-robots-tag") !== "noindex, nofollow") problems.push("/portal/login: indexable");
  return problems;
}

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
/** The toast that ends the editor's drawing of a signature template into the logo, whichever way it went. */
const LOGO_SETTLED = new RegExp(`^(${proposalMessages.logoUpdated.title}|${proposalMessages.logoFallback.title})$`);
/** A screen's first visit compiles its modules: the developer's wait, once per screen. */
const firstVisit = { timeout: 60_000 };

/** Staff work through the portal for `rounds` rounds; throws at the first step that does not work. */
export async function walkPortal(origin: string, rounds: number): Promise<void> {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${origin}/portal/login`);
    await page.getByLabel("Username").fill(DEV_STAFF_USER.username);
    await page.getByLabel("Password").fill(DEV_STAFF_USER.password);
    await page.getByRole("button", { name: "SIGN IN", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Proposal Templates" })).toBeVisible(firstVisit);
    const nav = page.getByRole("navigation", { name: "Portal" });

    for (let round = 1; round <= rounds; round++) {
      const tag = `${round}-${Date.now().toString(36)}`;

      // Dashboard: create a template, then move it to the Trash.
      await nav.getByRole("link", { name: "Templates" }).click();
      await page.getByRole("button", { name: /^(New Template|Create First Template)$/ }).click(firstVisit);
      await page.getByLabel("Title").fill(`Dev walk ${tag}`);
      await page.getByLabel("Template content").fill(`Scope of work, round ${round}.`);
      await page.getByRole("button", { name: "Save Template" }).click();
      await expect(toasts(page).getByText(templateMessages.created.description)).toBeVisible();
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Dev walk ${tag}` }) });
      await card.getByRole("button", { name: `Delete Dev walk ${tag}` }).click();
      await page.getByRole("dialog", { name: "Delete this template?" }).getByRole("button", { name: "Delete" }).click();
      await expect(card).toHaveCount(0);

      // Signature: save a personal template, then find it in the Load dialog.
      await nav.getByRole("link", { name: "Email Signature" }).click();
      await page.getByRole("button", { name: "Save Template", exact: true }).click(firstVisit);
      const save = page.getByRole("dialog", { name: "Save Template" });
      await save.getByLabel("Template Name").fill(`Dev signature ${tag}`);
      await save.getByRole("button", { name: "Save", exact: true }).click();
      await expect(toasts(page).getByText(signatureMessages.signatureSaved.description)).toBeVisible();
      await page.getByRole("button", { name: "Load Template", exact: true }).click();
      const load = page.getByRole("dialog", { name: "Load Template" });
      await expect(load.getByText(`Dev signature ${tag}`)).toBeVisible();
      await page.keyboard.press("Escape");

      // Proposal editor: the first signature template is drawn into the logo, as on every opening with templates
      // (or the default logo stands in); then save the document as a template. Waiting for the logo's toast
      // first keeps it from replacing the save's toast (one toast at a time) before the save's is seen.
      await nav.getByRole("link", { name: "Proposal Editor" }).click();
      await expect(toasts(page).getByText(LOGO_SETTLED)).toBeVisible(firstVisit);
      await page.getByRole("button", { name: "Save Template", exact: true }).click(firstVisit);
      const proposal = page.getByRole("dialog", { name: "Save Template" });
      await proposal.getByLabel("Template Name").fill(`Dev proposal ${tag}`);
      await proposal.getByRole("button", { name: "Save", exact: true }).click();
      await expect(toasts(page).getByText(proposalMessages.proposalSaved.description)).toBeVisible();

      // Leads: a visitor writes; staff see the message under All messages and mark it handled.
      await seedApi(sendTo(origin)).contact(
        {
          firstName: `Walk${round}`,
          lastName: tag,
          email: "walker@example.com",
          phone: "",
          projectType: "general",
          message: "Sent while the dev server was in use.",
        },
        `198.51.100.${round}`,
      );
      await nav.getByRole("link", { name: /^Leads/ }).click();
      await page.getByRole("button", { name: "All messages" }).click(firstVisit);
      const item = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: `Walk${round} ${tag}` }) });
      await item.getByRole("button", { name: /Mark handled/ }).click(firstVisit);
      await expect(item).toHaveAttribute("data-handled", "true");
    }
  } finally {
    await browser.close();
  }
}
