/**
 * The Email Signature Generator (docs/requirements.md#email-signature-generator) in Chromium against the running app,
 * at both widths.
 */
import { readFile, writeFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Locator, type Page } from "./fixtures";
import { portalMessages } from "../src/portal/messages";
import {
  signatureMessages,
  signatureDefaultSet,
  signatureDeleted,
  signatureLoaded,
} from "../src/features/signature/messages";
import {
  DEFAULT_CONTACT,
  DEFAULT_GLOBAL_SETTINGS,
  DEFAULT_LINES,
  EXPORT_FILE_NAME,
  EXPORT_SHIFT_X,
  GMAIL_SIGNATURE_LIMIT,
  LINE_LABELS,
  RESET_GLOBAL_SETTINGS,
  RESET_LINES,
  SIGNATURE_BACKGROUND_PATH,
  SIGNATURE_COLORS,
  SIGNATURE_PAGE_TITLE,
  SIGNATURE_STORAGE_KEYS,
} from "../src/features/signature/constants";
import { SIGNATURE_CANVAS, SIGNATURE_ELEMENT_IDS, SIGNATURE_IMAGE, SIGNATURE_RANGES } from "../src/schemas/signature";
import { sampleElements, sampleFormData, sampleGlobalSettings } from "../test/fixtures/signature";
import { axeViolations } from "./helpers/axe";
import { holdRequests, isMobile, settle, expectNoSidewaysScroll } from "./helpers/page";
import { signedIn } from "./helpers/portal";
import { API, seedWith, type SignatureInput } from "./helpers/seed";
import { colleagueToken } from "./helpers/staff";

const PAGE = "/portal/signature";
const TEMPLATES = API.signatureTemplates;
/** A 1 x 1 PNG: the logo's image, as a data URL (the only non-https URL a logo may use). */
const PIXEL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const LOGO_STYLE = `position:absolute;left:24px;top:70px;width:110px;height:110px;background-image:url('${PIXEL}');background-size:contain`;
const logoFile = {
  name: "logo.html",
  mimeType: "text/html",
  buffer: Buffer.from(`<!DOCTYPE html><html><body><div style="${LOGO_STYLE};cursor:pointer"></div></body></html>`),
};

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const slider = (page: Page, name: string) => page.getByRole("slider", { name, exact: true });
const line = (page: Page, id: string) => page.locator(`[data-line="${id}"]`);
const preview = (page: Page) => page.locator('[data-slot="signature-preview"]');
const now = (locator: Locator) => locator.getAttribute("aria-valuenow").then(Number);

async function expectToast(page: Page, message: { title: string; description?: string }): Promise<void> {
  const toast = toasts(page).getByRole("listitem").filter({ hasText: message.title });
  await expect(toast.first()).toBeVisible();
  if (message.description) await expect(toast.first()).toContainText(message.description);
}

/** Signs in (the run's shared token) and opens the generator; `before` runs first (init scripts). */
async function open(page: Page, request: APIRequestContext, before?: () => Promise<unknown>): Promise<string> {
  const token = await signedIn(page, request);
  await before?.();
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { level: 1, name: SIGNATURE_PAGE_TITLE })).toBeVisible();
  return token;
}

/** Saves a template through the API as `token`; returns its id. */
async function createTemplate(
  request: APIRequestContext,
  token: string,
  fields: Partial<SignatureInput> & { name: string },
) {
  return seedWith(request).signature(token, {
    description: null,
    formData: JSON.stringify(sampleFormData),
    elements: JSON.stringify(sampleElements),
    globalSettings: JSON.stringify(sampleGlobalSettings),
    isCompanyTemplate: false,
    ...fields,
  });
}

async function openDialog(page: Page, name: string): Promise<Locator> {
  await page.getByRole("button", { name, exact: true }).click();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The clipboard's HTML and plain text. */
const clipboard = (page: Page) =>
  page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return {
      types: item!.types,
      html: await (await item!.getType("text/html")).text(),
      text: await (await item!.getType("text/plain")).text(),
    };
  });

test("without a token the page goes to the login", async ({ page }) => {
  await page.goto(PAGE);
  await page.waitForURL("**/portal/login");
});

test(
  "layout: top bar, the 644 x 259 card over the background, the required fonts and colours; axe finds nothing",
  { tag: "@phone" },
  async ({ page, request }, testInfo) => {
    await open(page, request);
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/portal/dashboard");
    for (const name of ["Load Template", "Save Template", "Guides", "Reset", "Copy for Gmail/Outlook"])
      await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
    for (const name of ["Preview", "Position & Scale Controls", "Contact Information", "Global Settings"])
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();

    const card = page.locator('[data-slot="signature-card"]');
    expect(await card.evaluate((el) => [(el as HTMLElement).offsetWidth, (el as HTMLElement).offsetHeight])).toEqual([
      SIGNATURE_CANVAS.width,
      SIGNATURE_CANVAS.height,
    ]);
    expect(await card.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(SIGNATURE_BACKGROUND_PATH);
    expect((await request.get(SIGNATURE_BACKGROUND_PATH)).headers()["content-type"]).toBe("image/jpeg");

    // docs/requirements.md#lines-and-sliders: name-title 22 px bold gold gradient; mobile 22 px white; email 18 px
    // white; city 15 px grey; quote 22 px italic script gold.
    const fonts = await page.locator("[data-line]").evaluateAll((lines) =>
      lines.map((el) => {
        const s = getComputedStyle(el);
        return [
          el.getAttribute("data-line"),
          s.fontSize,
          s.fontWeight,
          s.fontStyle,
          s.color,
          s.backgroundImage !== "none",
          s.fontFamily.split(",")[0],
        ];
      }),
    );
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
    expect(fonts).toEqual([
      ["name-title", "22px", "700", "normal", rgb(SIGNATURE_COLORS.goldSolid), true, '"Inter Variable"'],
      ["mobile", "22px", "400", "normal", rgb(SIGNATURE_COLORS.white), false, '"Inter Variable"'],
      ["email", "18px", "400", "normal", rgb(SIGNATURE_COLORS.white), false, '"Inter Variable"'],
      ["city", "15px", "400", "normal", rgb(SIGNATURE_COLORS.grey), false, '"Inter Variable"'],
      ["quote", "22px", "400", "italic", rgb(SIGNATURE_COLORS.goldSolid), true, '"Great Vibes"'],
    ]);
    // Self-hosted faces: both load from this site.
    await expect
      .poll(() => page.evaluate(() => [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family)))
      .toEqual(
        expect.arrayContaining(
          ['"Great Vibes"', '"Inter Variable"'].map((f) => expect.stringMatching(f.replaceAll('"', ""))),
        ),
      );

    const box = (await preview(page).boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await expectNoSidewaysScroll(page);
    expect(box.width / box.height).toBeCloseTo(SIGNATURE_CANVAS.width / SIGNATURE_CANVAS.height, 1);
    if (!isMobile(testInfo)) expect(box.width).toBeCloseTo(SIGNATURE_CANVAS.width, 0);
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath("signature.png"), fullPage: true });
    await preview(page).screenshot({ path: testInfo.outputPath("preview.png") });

    expect(await axeViolations(page)).toEqual([]);
    await openDialog(page, "Save Template");
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    const load = await openDialog(page, "Load Template");
    await expect(load.getByText(/Loading templates/)).toHaveCount(0);
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
  },
);

test("contact data rewrites all five lines; every slider has its range, steps and x10 steps; Guides; Reset", async ({
  page,
  request,
}) => {
  await open(page, request);
  const labels = {
    Name: "name",
    Title: "title",
    Phone: "phone",
    Email: "email",
    Location: "location",
    Quote: "quote",
  } as const;
  for (const [label, field] of Object.entries(labels))
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(DEFAULT_CONTACT[field]);
  const card = {
    name: "Ana Ruiz",
    title: "Estimator",
    phone: "(281) 555-0100",
    email: "ana@example.com",
    location: "Katy, TX",
    quote: "Built right",
  };
  for (const [label, field] of Object.entries(labels))
    await page.getByLabel(label, { exact: true }).fill(card[field as keyof typeof card]);
  await expect(page.locator("[data-line]")).toHaveText([
    "Ana Ruiz, Estimator",
    "Mobile: (281) 555-0100",
    "ana@example.com",
    "Katy, TX",
    "Built right",
  ]);

  // Each line's X, Y, Scale and the three global sliders: named by their line, the range of
  // docs/requirements.md#lines-and-sliders, one step, x10 with Shift and Page keys.
  type Range = { min: number; max: number; step: number };
  const sliders: [string, Range][] = [
    ...SIGNATURE_ELEMENT_IDS.flatMap((id): [string, Range][] => [
      [`${LINE_LABELS[id]} X`, SIGNATURE_RANGES.lineX],
      [`${LINE_LABELS[id]} Y`, SIGNATURE_RANGES.lineY],
      [`${LINE_LABELS[id]} Scale`, SIGNATURE_RANGES.lineScale],
    ]),
    ["Global X", SIGNATURE_RANGES.globalX],
    ["Global Y", SIGNATURE_RANGES.globalY],
    ["Global Scale", SIGNATURE_RANGES.globalScale],
  ];
  const near = (a: number, b: number) => expect(a).toBeCloseTo(b, 5);
  for (const [name, range] of sliders) {
    const s = slider(page, name);
    await expect(s).toHaveAttribute("aria-valuemin", String(range.min));
    await expect(s).toHaveAttribute("aria-valuemax", String(range.max));
    await s.focus();
    await page.keyboard.press("Home");
    near(await now(s), range.min);
    await page.keyboard.press("ArrowRight");
    near(await now(s), range.min + range.step);
    await page.keyboard.press("Shift+ArrowRight");
    near(await now(s), range.min + 11 * range.step);
    await page.keyboard.press("PageUp");
    near(await now(s), range.min + 21 * range.step);
    await page.keyboard.press("PageDown");
    near(await now(s), range.min + 11 * range.step);
  }
  // The slider moved the line: Email X is now -145, so the line sits at 322 + globalX - 145.
  await expect(line(page, "email")).toHaveCSS(
    "left",
    `${SIGNATURE_CANVAS.centerX + (await now(slider(page, "Global X"))) - 145}px`,
  );
  await page.getByRole("button", { name: "Reset Email X" }).click();
  await expect(slider(page, "Email X")).toHaveAttribute("aria-valuenow", String(RESET_LINES.email.x));
  await page.getByRole("button", { name: "Reset Quote Y" }).click();
  await expect(slider(page, "Quote Y")).toHaveAttribute("aria-valuenow", String(RESET_LINES.quote.y));
  await page.getByRole("button", { name: "Reset Global X" }).click();
  await expect(slider(page, "Global X")).toHaveAttribute("aria-valuenow", "0");
  await expect(page.getByRole("button", { name: /Reset (Global Y|Global Scale|\w+ Scale)$/ })).toHaveCount(0);

  const guides = page.getByRole("button", { name: "Guides" });
  await expect(page.locator('[data-slot="signature-guides"]')).toHaveCount(0);
  await guides.click();
  await expect(guides).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator('[data-slot="signature-guides"] > div')).toHaveCount(2);
  await guides.click();
  await expect(page.locator('[data-slot="signature-guides"]')).toHaveCount(0);

  await page.getByRole("button", { name: "Reset", exact: true }).click();
  for (const id of SIGNATURE_ELEMENT_IDS) {
    await expect(slider(page, `${LINE_LABELS[id]} X`)).toHaveAttribute("aria-valuenow", String(RESET_LINES[id].x));
    await expect(slider(page, `${LINE_LABELS[id]} Y`)).toHaveAttribute("aria-valuenow", String(RESET_LINES[id].y));
    await expect(slider(page, `${LINE_LABELS[id]} Scale`)).toHaveAttribute(
      "aria-valuenow",
      String(RESET_LINES[id].scale),
    );
  }
  for (const key of ["globalX", "globalY", "globalScale"] as const)
    await expect(
      slider(page, { globalX: "Global X", globalY: "Global Y", globalScale: "Global Scale" }[key]),
    ).toHaveAttribute("aria-valuenow", String(RESET_GLOBAL_SETTINGS[key]));
  // Geometry: the centre, offset globally and by the line, scaled by line scale times global scale.
  await expect(line(page, "name-title")).toHaveCSS("left", `${SIGNATURE_CANVAS.centerX}px`);
  await expect(line(page, "name-title")).toHaveCSS(
    "top",
    `${SIGNATURE_CANVAS.centerY + RESET_LINES["name-title"].y}px`,
  );
  expect(await line(page, "name-title").evaluate((el) => (el as HTMLElement).style.transform)).toContain(
    `scale(${RESET_LINES["name-title"].scale * RESET_GLOBAL_SETTINGS.globalScale})`,
  );
});

test(
  "dragging: a line follows the pointer and stops when it leaves the preview; arrow keys move a focused line",
  { tag: "@phone" },
  async ({ page, request }, testInfo) => {
    await open(page, request);
    const zoom = (await preview(page).boundingBox())!.width / SIGNATURE_CANVAS.width;
    if (isMobile(testInfo)) {
      // A finger drags too (pointer events from touch); first, before any mouse input on this page.
      const mobile = line(page, "mobile");
      const m = (await mobile.boundingBox())!;
      const cdp = await page.context().newCDPSession(page);
      const at = (dx: number) => ({ x: m.x + 6 + dx * zoom, y: m.y + m.height / 2 });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [at(0)] });
      // Each move is seen before the next, as a finger's moves come frames apart (three sent at once were
      // once seen as the first alone on a busy machine).
      for (const dx of [10, 20, 30]) {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [at(dx)] });
        await expect(slider(page, "Mobile X")).toHaveAttribute("aria-valuenow", String(DEFAULT_LINES.mobile.x + dx));
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await expect(slider(page, "Mobile X")).toHaveAttribute("aria-valuenow", String(DEFAULT_LINES.mobile.x + 30));
    }
    const city = line(page, "city");
    const start = (await city.boundingBox())!;
    const x = slider(page, "City X");
    const y = slider(page, "City Y");
    await page.mouse.move(start.x + 4, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(start.x + 4 + 40 * zoom, start.y + start.height / 2 + 10 * zoom, { steps: 4 });
    await expect(x).toHaveAttribute("aria-valuenow", String(DEFAULT_LINES.city.x + 40));
    await expect(y).toHaveAttribute("aria-valuenow", String(DEFAULT_LINES.city.y + 10));
    await expect(city).toHaveClass(/outline-dashed/);

    // Out of the preview, then back in with the button still down: the drag has ended, the line stays.
    const box = (await preview(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height + 60);
    await page.mouse.move(box.x + 10, box.y + 10, { steps: 3 });
    await page.mouse.up();
    await expect(x).toHaveAttribute("aria-valuenow", String(DEFAULT_LINES.city.x + 40));
    await expect(city).not.toHaveClass(/outline-dashed/);

    // Mouse up ends a drag too.
    const email = line(page, "email");
    const e = (await email.boundingBox())!;
    await page.mouse.move(e.x + 4, e.y + e.height / 2);
    await page.mouse.down();
    await page.mouse.move(e.x + 4 - 20 * zoom, e.y + e.height / 2, { steps: 2 });
    await page.mouse.up();
    await page.mouse.move(e.x + 4 + 60 * zoom, e.y + e.height / 2, { steps: 2 });
    await expect(slider(page, "Email X")).toHaveAttribute("aria-valuenow", String(DEFAULT_LINES.email.x - 20));

    // Keyboard: Tab reaches the lines; arrows move one slider step, Shift ten.
    await line(page, "quote").focus();
    await expect(line(page, "quote")).toHaveAccessibleName(/^Quote: /);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+ArrowUp");
    await expect(slider(page, "Quote X")).toHaveAttribute("aria-valuenow", String(DEFAULT_LINES.quote.x + 5));
    await expect(slider(page, "Quote Y")).toHaveAttribute("aria-valuenow", String(DEFAULT_LINES.quote.y - 50));
  },
);

test("copy with and without background, and the download, 45 px right of the preview", async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await open(page, request);
  await page.getByRole("button", { name: "Copy HTML (With Logo)" }).click();
  await expectToast(page, signatureMessages.copiedWithBackground);
  const withBackground = await clipboard(page);
  expect(withBackground.types).toEqual(expect.arrayContaining(["text/html", "text/plain"]));
  // Absolute, from the configured site URL (SITE_URL), so mail clients can fetch it.
  expect(withBackground.html).toMatch(new RegExp(`url\\('https?://[^']+${SIGNATURE_BACKGROUND_PATH}'\\)`));
  expect(withBackground.text).toMatch(/^<table/);
  expect(withBackground.html).toContain(`${DEFAULT_CONTACT.name}, ${DEFAULT_CONTACT.title}`);

  await page.getByRole("button", { name: "Copy HTML (No Background)" }).click();
  await expectToast(page, signatureMessages.copiedWithoutBackground);
  const bare = await clipboard(page);
  expect(bare.html).not.toContain(SIGNATURE_BACKGROUND_PATH);
  expect(bare.html).toContain(DEFAULT_CONTACT.email);

  await page.getByLabel("Name", { exact: true }).fill("Ana <Ruiz> & Co");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download HTML with Logo" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(EXPORT_FILE_NAME);
  await expectToast(page, signatureMessages.downloaded);
  const html = await readFile((await file.path())!, "utf8");
  expect(html).toMatch(/^<!DOCTYPE html>/);
  expect(html).toContain("Ana &#60;Ruiz&#62; &#38; Co");
  // Each exported line sits 45 px right of where the preview draws it.
  const previewLefts = await page
    .locator("[data-line]")
    .evaluateAll((els) => els.map((el) => parseFloat((el as HTMLElement).style.left)));
  const exportedLefts = [...html.matchAll(/position:absolute;left:([\d.-]+)px/g)].map((m) => Number(m[1]));
  expect(exportedLefts).toEqual(previewLefts.map((left) => left + EXPORT_SHIFT_X));
});

test("Copy for Gmail/Outlook: a stored 2x PNG in an image table with live links, and every export's length", async ({
  page,
  request,
  context,
}, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await open(page, request);
  await page.getByRole("button", { name: "Copy for Gmail/Outlook" }).click();
  const dialog = page.getByRole("dialog", { name: "Copy for Gmail/Outlook" });
  await expectToast(page, signatureMessages.copiedForEmailClients);
  // text/plain is the exact markup (Chrome re-serialises text/html).
  const { html, text } = await clipboard(page);
  expect(html).toContain("<img");
  expect(text.length).toBeLessThan(GMAIL_SIGNATURE_LIMIT);
  expect(text).not.toMatch(/<script|\sclass=|\son\w+=|position:|@font-face|background-image/i);
  const src = /<img src="([^"]+)" width="644" height="259" alt="([^"]+)"/.exec(text);
  expect(src?.[2]).toBe(`${DEFAULT_CONTACT.name}, ${DEFAULT_CONTACT.title}`);
  const path = new URL(src![1]!).pathname;
  expect(path).toMatch(new RegExp(`^${API.signatureImages}/[0-9a-f]{64}\\.png$`));
  expect(text).toContain(`href="mailto:${DEFAULT_CONTACT.email}"`);
  expect(text).toMatch(/href="tel:\+1\d{10}"/);

  // Served from this site without a token, immutable, a PNG of the card at 2x.
  const image = await request.get(path);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  expect(image.headers()["cache-control"]).toBe(SIGNATURE_IMAGE.cacheControl);
  const png = await image.body();
  await writeFile(testInfo.outputPath("gmail-card.png"), png);
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([
    SIGNATURE_CANVAS.width * 2,
    SIGNATURE_CANVAS.height * 2,
  ]);

  await expect(dialog.getByRole("img")).toHaveAttribute("src", path);
  const rows = dialog.getByRole("row");
  const gmailRow = rows.last();
  await expect(gmailRow.getByRole("rowheader")).toHaveText(/^Copy for Gmail\/Outlook/);
  await expect(gmailRow).toContainText(text.length.toLocaleString("en-US"));
  await expect(dialog.getByText("Too long for Gmail")).toHaveCount(0);
  await page.keyboard.press("Escape");

  // A logo whose inline image is large pushes the positioned exports over Gmail's limit: the dialog warns.
  const big = `data:image/png;base64,${"A".repeat(GMAIL_SIGNATURE_LIMIT)}`;
  await page.getByRole("button", { name: "Upload HTML Logo" }).click();
  await page
    .getByRole("dialog", { name: "Upload HTML Logo" })
    .getByLabel("HTML logo file")
    .setInputFiles({
      ...logoFile,
      buffer: Buffer.from(`<div style="left:0;top:0;width:10px;height:10px;background-image:url(${big})"></div>`),
    });
  await expectToast(page, signatureMessages.logoUploaded);
  await page.getByRole("button", { name: "Copy for Gmail/Outlook" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
  await expect(dialog.getByText("Too long for Gmail")).toHaveCount(3);
  await expect(gmailRow.getByText("Too long")).toHaveCount(0);
});

test("HTML logo: a non-HTML file and an unstyled one are refused; a styled one is applied sanitised, then removed", async ({
  page,
  request,
}) => {
  await open(page, request);
  const logo = page.locator('[data-slot="signature-logo"]');
  const upload = await openDialog(page, "Upload HTML Logo");
  await expect(upload.getByLabel("HTML logo file")).toHaveAttribute("accept", /\.html/);
  const choose = (file: { name: string; mimeType: string; buffer: Buffer }) =>
    upload.getByLabel("HTML logo file").setInputFiles(file);

  await choose({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("PNG") });
  await expectToast(page, signatureMessages.logoNotHtml);
  await choose({
    name: "logo.html",
    mimeType: "text/html",
    buffer: Buffer.from("<html><body><div>No style</div></body></html>"),
  });
  await expectToast(page, signatureMessages.logoBadHtml);
  await expect(upload).toBeVisible();
  await expect(logo).toHaveCount(0);

  await choose(logoFile);
  await expectToast(page, signatureMessages.logoUploaded);
  await expect(upload).toBeHidden();
  const style = await logo.getAttribute("style");
  expect(style).toContain("width: 110px");
  expect(style).not.toContain("cursor");

  const save = await openDialog(page, "Save Template");
  await expect(save.getByText("A custom HTML logo is applied")).toBeVisible();
  await save.getByRole("button", { name: "Upload HTML Logo" }).click();
  const again = page.getByRole("dialog", { name: "Upload HTML Logo" });
  await again.getByRole("button", { name: "Cancel" }).click();
  await expect(again).toBeHidden();
  await save.getByRole("button", { name: "Remove" }).click();
  await expect(save.getByRole("button", { name: "Remove" })).toBeDisabled();
  await expect(logo).toHaveCount(0);
});

test("save: a blank name is refused; Saving..., the company mark is stored, the list refreshes and the form clears", async ({
  page,
  request,
}) => {
  const token = await open(page, request);
  let posts = 0;
  await page.route(`**${TEMPLATES}`, async (route) => {
    if (route.request().method() === "POST") posts++;
    await route.fallback();
  });
  const save = await openDialog(page, "Save Template");
  await expect(save.getByText("Templates are saved to the database and persist across sessions.")).toBeVisible();
  await save.getByLabel("Template Name").fill("   ");
  await save.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, portalMessages.nameRequired);
  expect(posts).toBe(0);

  // Uploading a logo from the Save dialog; its image becomes the template's logoUrl.
  await save.getByRole("button", { name: "Upload HTML Logo" }).click();
  await page.getByRole("dialog", { name: "Upload HTML Logo" }).getByLabel("HTML logo file").setInputFiles(logoFile);
  await expectToast(page, signatureMessages.logoUploaded);
  const name = unique("E2E company signature");
  await save.getByLabel("Template Name").fill(`  ${name}  `);
  await save.getByLabel(/Description/).fill("Made by the e2e suite");
  await save.getByRole("checkbox", { name: "Mark as Company Template" }).check();
  const release = await holdRequests(page, `**${TEMPLATES}`, "POST");
  const sent = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith(TEMPLATES));
  await save.getByRole("button", { name: "Save", exact: true }).click();
  await expect(save.getByRole("button", { name: "Saving..." })).toBeDisabled();
  release();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ name, description: "Made by the e2e suite", isCompanyTemplate: true, logoUrl: PIXEL });
  expect(JSON.parse(body.formData as string)).toEqual(DEFAULT_CONTACT);
  await expectToast(page, signatureMessages.signatureSaved);
  await expect(save).toBeHidden();

  const reopened = await openDialog(page, "Save Template");
  await expect(reopened.getByLabel("Template Name")).toHaveValue("");
  await expect(reopened.getByLabel(/Description/)).toHaveValue("");
  await page.keyboard.press("Escape");
  const load = await openDialog(page, "Load Template");
  await expect(
    load.getByRole("region", { name: "Personal Templates" }).getByRole("button", { name: `Load ${name}` }),
  ).toBeVisible();
  await expect(
    load.getByRole("region", { name: "Company Templates" }).getByRole("button", { name: `Load ${name}` }),
  ).toBeVisible();
  const company = await seedWith(request).companySignatures(token);
  expect(company.find((t) => t.name === name)?.isCompanyTemplate).toBe(true);

  // A failed save keeps what was typed.
  await page.keyboard.press("Escape");
  await page.route(`**${TEMPLATES}`, (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, json: { error: "No" } }) : route.fallback(),
  );
  const failing = await openDialog(page, "Save Template");
  await failing.getByLabel("Template Name").fill("Kept name");
  await failing.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, signatureMessages.signatureSaveFailed);
  await expect(failing.getByLabel("Template Name")).toHaveValue("Kept name");
});

test("load, set as default, and a reload starts from the default with the contact card refilled", async ({
  page,
  request,
}) => {
  const token = await signedIn(page, request);
  const name = unique("E2E default");
  const formData = { ...sampleFormData, name: "Lena Ortiz", title: "Superintendent" };
  const elements = sampleElements.map((e) => ({
    ...e,
    content: `Saved ${e.id}`,
    position: { x: e.position.x + 10, y: e.position.y },
  }));
  await createTemplate(request, token, {
    name,
    description: "Load me",
    formData: JSON.stringify(formData),
    elements: JSON.stringify(elements),
    globalSettings: JSON.stringify({ ...sampleGlobalSettings, globalX: 20, globalY: 12, globalScale: 1.2 }),
  });
  const broken = unique("E2E broken");
  await createTemplate(request, token, { name: broken, elements: JSON.stringify(sampleElements) });
  // The screen reads the light list (?view=summary).
  await page.route(new RegExp(`${TEMPLATES}(\\?.*)?$`), async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    const response = await route.fetch();
    const rows = (await response.json()) as { name: string; elements: string }[];
    // An unparsable stored value, as another client might have left it.
    await route.fulfill({ response, json: rows.map((r) => (r.name === broken ? { ...r, elements: "{not json" } : r)) });
  });
  await page.goto(PAGE);

  let dialog = await openDialog(page, "Load Template");
  await dialog.getByRole("button", { name: `Load ${broken}` }).click();
  await expectToast(page, signatureMessages.signatureLoadFailed);
  await dialog.getByRole("button", { name: `Set as Default ${broken}` }).click();
  await expectToast(page, signatureMessages.signatureDefaultFailed);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(DEFAULT_CONTACT.name);
  expect(await page.evaluate((key) => localStorage.getItem(key), SIGNATURE_STORAGE_KEYS.elements)).toBeNull();

  const item = dialog.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("Load me");
  await item.getByRole("button", { name: `Load ${name}` }).click();
  await expectToast(page, signatureLoaded(name));
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Lena Ortiz");
  await expect(line(page, "name-title")).toHaveText("Lena Ortiz, Superintendent");
  await expect(line(page, "quote")).toHaveCount(0); // hidden in the sample, and stays so
  await expect(slider(page, "City X")).toHaveAttribute("aria-valuenow", String(DEFAULT_LINES.city.x + 10));
  await expect(slider(page, "Global X")).toHaveAttribute("aria-valuenow", "20");
  await expect(slider(page, "Global Scale")).toHaveAttribute("aria-valuenow", "1.2");

  dialog = await openDialog(page, "Load Template");
  await dialog.getByRole("button", { name: `Set as Default ${name}` }).click();
  await expectToast(page, signatureDefaultSet(name));
  await page.keyboard.press("Escape");
  await page.unrouteAll();
  await page.reload();
  await expect(slider(page, "City X")).toHaveAttribute("aria-valuenow", String(DEFAULT_LINES.city.x + 10));
  await expect(slider(page, "Global Y")).toHaveAttribute("aria-valuenow", "12");
  // The contact card is the built-in one again, and the lines are written from it, not from the saved text.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(DEFAULT_CONTACT.name);
  await expect(line(page, "name-title")).toHaveText(`${DEFAULT_CONTACT.name}, ${DEFAULT_CONTACT.title}`);
  await expect(page.getByText(/^Saved /)).toHaveCount(0);
});

test("unreadable stored defaults fall back to the built-in ones and log an error", async ({ page, request }) => {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await open(page, request, () =>
    page.addInitScript((key) => localStorage.setItem(key, "{not json"), SIGNATURE_STORAGE_KEYS.elements),
  );
  await expect(slider(page, "Name & title Y")).toHaveAttribute("aria-valuenow", String(DEFAULT_LINES["name-title"].y));
  await expect(slider(page, "Global X")).toHaveAttribute("aria-valuenow", String(DEFAULT_GLOBAL_SETTINGS.globalX));
  expect(errors.join("\n")).toMatch(/default signature is unreadable/i);
});

test("another user's company template is listed for everyone but only its creator can delete; delete asks first", async ({
  page,
  request,
}) => {
  const token = await signedIn(page, request);
  const theirs = unique("E2E colleague card");
  await createTemplate(request, await colleagueToken(request), { name: theirs, isCompanyTemplate: true });
  const mine = unique("E2E mine");
  const id = await createTemplate(request, token, { name: mine });
  await page.goto(PAGE);
  const dialog = await openDialog(page, "Load Template");
  const company = dialog.getByRole("region", { name: "Company Templates" });
  await expect(company.getByRole("button", { name: `Load ${theirs}` })).toBeVisible();
  await expect(company.getByRole("button", { name: `Delete ${theirs}` })).toHaveCount(0);
  expect(await seedWith(request).deleteSignature(token, crypto.randomUUID())).toBe(404);

  await dialog.getByRole("button", { name: `Delete ${mine}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete template?" });
  await expect(confirm).toContainText(mine);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog.getByRole("button", { name: `Load ${mine}` })).toBeVisible();
  await dialog.getByRole("button", { name: `Delete ${mine}` }).click();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expectToast(page, signatureDeleted(mine));
  await expect(dialog.getByRole("button", { name: `Load ${mine}` })).toHaveCount(0);
  expect(await seedWith(request).deleteSignature(token, id)).toBe(404);
});

test("a stored script payload saved by another client never reaches the Load dialog: the light list leaves the HTML out", async ({
  page,
  request,
}) => {
  const token = await signedIn(page, request);
  const name = unique("E2E hostile");
  await createTemplate(request, token, {
    name,
    htmlContent:
      '<div style="position:fixed;inset:0;color:red" onclick="window.__pwned=1">x</div><img src="x" onerror="window.__pwned=2">' +
      '<script>window.__pwned=3</script><a href="javascript:window.__pwned=4">link</a><svg onload="window.__pwned=5"></svg>',
  });
  const dialogs: string[] = [];
  page.on("dialog", (d) => void dialogs.push(d.message()));
  const list = page.waitForResponse((r) => r.url().endsWith(`${TEMPLATES}?view=summary`));
  await page.goto(PAGE);
  const dialog = await openDialog(page, "Load Template");
  const rows = (await (await list).json()) as Record<string, unknown>[];
  expect(rows.find((r) => r.name === name)).not.toHaveProperty("htmlContent");
  const item = dialog.getByRole("listitem").filter({ hasText: name });
  const thumbnail = item.locator('[data-slot="template-preview"]');
  // A picture only, drawn from the template's lines: nothing in it can take focus or clicks.
  await expect(thumbnail).toHaveAttribute("inert", "");
  await expect(thumbnail.getByText("x", { exact: true })).toHaveCount(0);
  expect(await thumbnail.evaluate((el) => el.querySelectorAll("script, svg, img, [onclick], a").length)).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
