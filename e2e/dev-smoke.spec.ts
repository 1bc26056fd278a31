/**
 * `npm run dev` on a fresh clone: every page, the API and the embedded database answer, staff work through
 * the portal for minutes, and the server prints no error or warning line (the only spec that runs against
 * astro dev; the rest run on the production build).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { templateMessages } from "../src/features/templates/messages";
import { signatureMessages } from "../src/features/signature/messages";
import { proposalMessages } from "../src/features/proposal/messages";
import { DEV_STAFF_USER } from "../src/server/config";
import { seedApi, sendTo } from "../test/seed";
import { ALL_PAGES, UNKNOWN_PATH } from "./helpers/site";

const port = Number(process.env.E2E_DEV_PORT ?? 4321);
const origin = `http://localhost:${port}`;
const output: string[] = [];
let server: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // Starting and compiling is the developer's wait, not a user's: the first answer may take a while.
  test.setTimeout(180_000);
  server = spawn("npx", ["astro", "dev", "--port", String(port)], {
    detached: true,
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  for (const stream of [server.stdout!, server.stderr!])
    stream.on("data", (chunk: Buffer) =>
      output.push(
        ...chunk
          .toString()
          .replace(/\x1b\[[0-9;]*m/g, "")
          .split("\n")
          .filter(Boolean),
      ),
    );
  await expect
    .poll(
      () =>
        fetch(`${origin}/`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

test("every page answers, with netlify.toml's header rules", async ({ request }) => {
  test.setTimeout(180_000);
  for (const path of ALL_PAGES) {
    const response = await request.get(`${origin}${path}`, { timeout: 60_000 });
    expect(response.status(), path).toBe(path === UNKNOWN_PATH ? 404 : 200);
    expect(await response.text(), path).toContain("<title>");
    expect(response.headers()["x-frame-options"], path).toBe("DENY");
    expect(response.headers()["permissions-policy"], path).toContain("publickey-credentials-get=(self)");
  }
  const portal = await request.get(`${origin}/portal/login`);
  expect(portal.headers()["cache-control"]).toBe("no-store");
  expect(portal.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  // The API's answers carry the app's own headers, as on Netlify, where the site's rules do not reach functions.
  const api = await seedApi(sendTo(origin)).session();
  expect(api.headers.get("cache-control")).toBe("no-store");
  expect(api.headers.get("x-frame-options")).toBeNull();
});

test("the API on the embedded database: dev staff sign-in, then a template created, read, updated, deleted", async () => {
  test.setTimeout(120_000);
  // The global fetch: no request timeout of its own, as the first call may wait for the API to compile.
  const seed = seedApi(sendTo(origin));
  expect((await seed.templateList()).status).toBe(401);

  const token = await seed.login(DEV_STAFF_USER);

  const title = `Smoke ${Date.now()}`;
  const id = await seed.template(token, {
    title,
    description: "e2e",
    templateContent: "Scope of work",
    category: "multifamily",
  });

  const listed = await seed.templateList(token);
  expect(listed.status).toBe(200);
  expect((await listed.json()).find((t) => t.id === id)?.title).toBe(title);

  const updated = await seed.saveTemplate(token, id, {
    title: `${title} v2`,
    description: "",
    templateContent: "Scope",
    category: "commercial",
  });
  expect(updated.status).toBe(200);
  expect(((await updated.json()) as { title: string }).title).toBe(`${title} v2`);

  expect((await seed.deleteTemplate(token, id)).status).toBe(200);
});

/** Rounds of the portal walk below: each visits the four busiest screens and saves on each. */
const PORTAL_ROUNDS = Number(process.env.E2E_DEV_PORTAL_ROUNDS ?? 12);
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
/** The toast that ends the editor's drawing of a signature template into the logo, whichever way it went. */
const LOGO_SETTLED = new RegExp(`^(${proposalMessages.logoUpdated.title}|${proposalMessages.logoFallback.title})$`);
/** A screen's first visit compiles its modules: the developer's wait, once per screen. */
const firstVisit = { timeout: 60_000 };

test("staff work through the portal on the dev server: templates, signature, proposal editor, messages", async ({
  page,
}) => {
  test.setTimeout(PORTAL_ROUNDS * 120_000);
  await page.goto(`${origin}/portal/login`);
  await page.getByLabel("Username").fill(DEV_STAFF_USER.username);
  await page.getByLabel("Password").fill(DEV_STAFF_USER.password);
  await page.getByRole("button", { name: "SIGN IN", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Proposal Templates" })).toBeVisible(firstVisit);
  const nav = page.getByRole("navigation", { name: "Portal" });

  for (let round = 1; round <= PORTAL_ROUNDS; round++) {
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
    // (or the default logo stands in); then save the document as a template. Waiting for the logo's toast first
    // keeps it from replacing the save's toast (one toast at a time) before the save's is seen.
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
    const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Walk${round} ${tag}` }) });
    await item.getByRole("button", { name: /Mark handled/ }).click(firstVisit);
    await expect(item).toHaveAttribute("data-handled", "true");
  }
});

test("the dev server printed no error or warning line", () => {
  expect(output.length, "the server printed its start-up lines").toBeGreaterThan(0);
  // Request log lines ("[200] /contact/error 10ms") name pages, not problems.
  const logged = output.filter((line) => !/\[\d{3}\] \//.test(line));
  expect(logged.filter((line) => /\b(error|warn(ing)?)\b|\[WARN\]/i.test(line))).toEqual([]);
});
