/**
 * The Professional Proposal Editor (docs/requirements.md#proposal-editor) in Chromium against the running
 * app, at 1280 px and 375 px. Signature lists are served from fixtures, so every logo case is exact;
 * templates come from the real API or, for hostile content, from routed fixtures.
 */
import { writeFile } from "node:fs/promises";
import { expect, test, type Page } from "./fixtures";
import { portalMessages } from "../src/portal/messages";
import { proposalMessages, proposalLoaded } from "../src/features/bid-editor/messages";
import { AUTOSAVE, DEFAULT_DOCUMENT_CONTENT, LOGO_UPLOAD } from "../src/features/bid-editor/constants";
import { XSS_PAYLOADS } from "../test/fixtures/xss-payloads";
import { formatProposalDate } from "../src/features/bid-editor/proposal";
import { PROPOSAL_RANGES } from "../src/schemas/proposal-fields";
import { axeViolations } from "./helpers/axe";
import { holdRequests, isMobile, settle, expectNoSidewaysScroll } from "./helpers/page";
import { API, seedWith } from "./helpers/seed";
import {
  body,
  closeToast,
  DEFAULT_LOGO_PATH,
  documentRegion,
  DRAWING,
  documentWithBody,
  EDITOR_PATH,
  expectToast,
  field,
  logo,
  openEditor,
  POSITIONED,
  pressOnSlider,
  pwned,
  selectInBody,
  signaturePicker,
  signatureRow,
  templateRow,
  TINY_PNG,
} from "./helpers/proposal-editor";

const unique = (label: string) => `${label} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const sliderRow = (page: Page, name: string) =>
  page.getByRole("slider", { name, exact: true }).locator("xpath=ancestor::*[@data-slot='range-field']");

test("without a stored token the editor goes to the login page", async ({ page }) => {
  await page.goto(EDITOR_PATH);
  await page.waitForURL("**/portal/login");
});

test.describe("layout and the initial document", () => {
  test("top bar, toolbar, tabs and the document as required", { tag: "@phone" }, async ({ page, request }) => {
    await openEditor(page, request);
    await expect(page).toHaveTitle(/Professional Proposal Editor/);
    await expect(page.getByRole("heading", { level: 1, name: "Professional Proposal Editor" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Portal" })).toHaveAttribute("href", "/portal/dashboard");
    for (const name of ["Save Template", "Load Template", "Print", "Send to client"])
      await expect(page.getByRole("button", { name, exact: true })).toBeVisible();

    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    const tools = [
      "Bold",
      "Italic",
      "Underline",
      "Bullet list",
      "Numbered list",
      "Align left",
      "Align center",
      "Align right",
      "Small text",
      "Normal text",
      "Large text",
    ];
    for (const name of tools) await expect(toolbar.getByRole("button", { name, exact: true })).toBeVisible();
    await expect(page.getByRole("tab")).toHaveText(["Design", "Content", "Settings"]);

    const doc = documentRegion(page);
    await expect(logo(page)).toHaveAttribute("src", DEFAULT_LOGO_PATH);
    await expect(field(page, "Proposal date")).toHaveText(formatProposalDate(new Date()));
    await expect(field(page, "Company name")).toHaveText(DEFAULT_DOCUMENT_CONTENT.companyName);
    await expect(field(page, "Company address")).toHaveText(DEFAULT_DOCUMENT_CONTENT.companyAddress);
    await expect(doc.getByText("Project Name:")).toBeVisible();
    await expect(doc.getByText("Project Location:")).toBeVisible();
    const bid = doc.getByRole("region", { name: "Base bid amount" });
    await expect(bid).toContainText("Base Bid Amount");
    await expect(field(page, "Base bid amount")).toHaveValue(DEFAULT_DOCUMENT_CONTENT.baseBidAmount);
    for (const item of ["Paint Materials", "Paint Labor", "Equipment"]) await expect(bid).toContainText(item);
    await expect(body(page)).toContainText("five-story multifamily building with 182 units");
    for (const section of [
      "Scope of Work",
      "Interior Paint",
      "Exterior Paint",
      "Inclusions",
      "Exclusions",
      "VE Options/Add-ons",
    ]) {
      await expect(body(page).getByRole("heading", { name: section })).toBeVisible();
    }
    const inclusions = (await body(page).getByRole("heading", { name: "Inclusions" }).boundingBox())!;
    const exclusions = (await body(page).getByRole("heading", { name: "Exclusions" }).boundingBox())!;
    expect(Math.abs(inclusions.y - exclusions.y)).toBeLessThan(2);
    expect(exclusions.x).toBeGreaterThan(inclusions.x + 100);

    const paper = (await doc.boundingBox())!;
    expect(paper.width).toBe(800);
    expect(paper.height).toBeGreaterThanOrEqual(850);
    await expect(doc).toHaveCSS("font-family", /^Arial/);
    await expect(doc).toHaveCSS("font-size", "12px"); // 9 pt
  });

  test(
    "side panel beside the page at 1280 px, above it at 375 px; never wider than the screen",
    { tag: "@phone" },
    async ({ page, request }, testInfo) => {
      await openEditor(page, request);
      const panel = (await page.getByRole("complementary", { name: "Document design" }).boundingBox())!;
      const toolbar = (await page.getByRole("toolbar", { name: "Formatting" }).boundingBox())!;
      const paper = (await documentRegion(page).boundingBox())!;
      expect(toolbar.y).toBeLessThan(paper.y);
      if (isMobile(testInfo)) expect(panel.y + panel.height).toBeLessThanOrEqual(toolbar.y + 1);
      else expect(panel.x + panel.width).toBeLessThanOrEqual(paper.x);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: testInfo.outputPath("editor.png"), fullPage: true });
    },
  );

  test(
    "axe finds nothing on the page, the Settings tab or the open dialogs",
    { tag: "@phone" },
    async ({ page, request }) => {
      await openEditor(page, request, { templates: [templateRow("Axe check", { description: "Sample" })] });
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("tab", { name: "Settings" }).click();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Load Template" }).click();
      await expect(page.getByRole("dialog").getByText("Axe check")).toBeVisible();
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Save Template" }).click();
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
    },
  );
});

test.describe("formatting toolbar (Tiptap)", () => {
  const pressed = (page: Page, name: string) =>
    page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name, exact: true });

  test("bold, italic and underline wrap the selection and show as pressed there", async ({ page, request }) => {
    await openEditor(page, request);
    await selectInBody(page, "h2 + p");
    for (const [name, tag] of [
      ["Bold", "strong"],
      ["Italic", "em"],
      ["Underline", "u"],
    ] as const) {
      await expect(pressed(page, name)).toHaveAttribute("aria-pressed", "false");
      await pressed(page, name).click();
      await expect(body(page).locator(`h2 + p ${tag}`)).toHaveCount(1);
      await expect(pressed(page, name)).toHaveAttribute("aria-pressed", "true");
    }
    // The active state follows the caret: inside the list's bold label, Bold is pressed.
    await body(page).locator("ul li strong").first().click();
    await expect(pressed(page, "Bold")).toHaveAttribute("aria-pressed", "true");
    await expect(pressed(page, "Bullet list")).toHaveAttribute("aria-pressed", "true");
    await expect(pressed(page, "Italic")).toHaveAttribute("aria-pressed", "false");
  });

  test("Ctrl+B, Ctrl+I and Ctrl+U work on the selection", async ({ page, request }) => {
    await openEditor(page, request);
    await selectInBody(page, "h2 + p");
    for (const [key, tag] of [
      ["b", "strong"],
      ["i", "em"],
      ["u", "u"],
    ] as const) {
      await page.keyboard.press(`Control+${key}`);
      await expect(body(page).locator(`h2 + p ${tag}`)).toHaveCount(1);
    }
  });

  test("lists and alignment apply to the paragraph with the caret", async ({ page, request }) => {
    await openEditor(page, request);
    await selectInBody(page, "h2 + p");
    for (const align of ["center", "right"]) {
      await pressed(page, `Align ${align}`).click();
      await expect(body(page).locator("h2 + p")).toHaveCSS("text-align", align);
      await expect(pressed(page, `Align ${align}`)).toHaveAttribute("aria-pressed", "true");
    }
    await pressed(page, "Align left").click();
    await expect(body(page).locator("h2 + p")).toHaveCSS("text-align", /^(left|start)$/);
    const bullets = await body(page).locator("ul").count();
    await pressed(page, "Bullet list").click();
    await expect(body(page).locator("ul")).toHaveCount(bullets + 1);
    await expect(pressed(page, "Bullet list")).toHaveAttribute("aria-pressed", "true");
    await pressed(page, "Numbered list").click();
    await expect(body(page).locator("ul")).toHaveCount(bullets);
    await expect(pressed(page, "Numbered list")).toHaveAttribute("aria-pressed", "true");
  });

  test("text sizes small, normal and large are sizes 1, 3 and 5, relative to the body font", async ({
    page,
    request,
  }) => {
    await openEditor(page, request);
    await selectInBody(page, "h2 + p");
    await pressed(page, "Large text").click();
    const large = body(page).locator('h2 + p span[data-size="5"]');
    await expect(large).toHaveCount(1);
    expect(parseFloat(await large.evaluate((el) => getComputedStyle(el).fontSize))).toBeCloseTo(17.4, 0);
    await expect(pressed(page, "Large text")).toHaveAttribute("aria-pressed", "true");
    await pressed(page, "Small text").click();
    await expect(body(page).locator('h2 + p span[data-size="1"]')).toHaveCount(1);
    await expect(pressed(page, "Small text")).toHaveAttribute("aria-pressed", "true");
    await pressed(page, "Normal text").click();
    await expect(body(page).locator("h2 + p span[data-size]")).toHaveCount(0);
    await expect(pressed(page, "Normal text")).toHaveAttribute("aria-pressed", "true");
  });

  test("HTML pasted into the body arrives sanitised", async ({ page, request }) => {
    await openEditor(page, request);
    await selectInBody(page, "h2 + p");
    await body(page).evaluate((region) => {
      const data = new DataTransfer();
      data.setData(
        "text/html",
        '<p style="color:red" onclick="window.__pwned=1">Pasted <b>bold</b><img src=x onerror="window.__pwned=2"><script>window.__pwned=3</script></p>',
      );
      region.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(body(page)).toContainText("Pasted bold");
    expect(await body(page).innerHTML()).not.toMatch(/onclick|onerror|<img|<script|color:/);
    expect(await pwned(page)).toBeUndefined();
  });
});

test.describe("side panel", () => {
  test("Content fields and the document header are the same values, edited from either side", async ({
    page,
    request,
  }) => {
    await openEditor(page, request);
    await page.getByRole("tab", { name: "Content" }).click();
    const panel = page.getByRole("tabpanel", { name: "Content" });
    for (const [label, value] of [
      ["Company name", "Gulf Coast Finishes LLC"],
      ["Company address", "9 Main St, Katy, TX"],
      ["Project name", "Bayou Lofts"],
      ["Project location", "Galveston, TX"],
    ] as const) {
      await panel.getByLabel(label).fill(value);
      await expect(field(page, label)).toHaveText(value);
    }
    await field(page, "Project name").click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Phase II");
    await expect(panel.getByLabel("Project name")).toHaveValue("Bayou Lofts Phase II");
  });

  test("Settings: font family, font sizes, page width and line height, ranges as aria values", async ({
    page,
    request,
  }) => {
    await openEditor(page, request);
    await page.getByRole("tab", { name: "Settings" }).click();
    const panel = page.getByRole("tabpanel", { name: "Settings" });
    await expect(panel.getByLabel("Font family").locator("option")).toHaveText([
      "Arial",
      "Times New Roman",
      "Inter",
      "Helvetica",
    ]);
    await panel.getByLabel("Font family").selectOption("Times New Roman");
    await expect(documentRegion(page)).toHaveCSS("font-family", /^"Times New Roman"/);

    for (const [name, key, shown] of [
      ["Body font size", "bodyFontSize", "9 pt"],
      ["Header font size", "headerFontSize", "11 pt"],
      ["Header info font size", "headerInfoFontSize", "8 pt"],
      ["Bid amount font size", "bidFontSize", "18 pt"],
      ["Page width", "pageWidth", "800 px"],
      ["Line height", "lineHeight", "1.1"],
    ] as const) {
      const thumb = panel.getByRole("slider", { name, exact: true });
      await expect(thumb).toHaveAttribute("aria-valuemin", String(PROPOSAL_RANGES[key].min));
      await expect(thumb).toHaveAttribute("aria-valuemax", String(PROPOSAL_RANGES[key].max));
      await expect(sliderRow(page, name)).toContainText(shown);
    }
    await pressOnSlider(page, "Page width", "End");
    expect((await documentRegion(page).boundingBox())!.width).toBe(950);
    await pressOnSlider(page, "Line height", "ArrowRight");
    await expect(sliderRow(page, "Line height")).toContainText("1.2");
    await expect(documentRegion(page)).toHaveCSS("line-height", /^14\.4/);
    await pressOnSlider(page, "Bid amount font size", "End");
    await expect(field(page, "Base bid amount").locator("xpath=..")).toHaveCSS("font-size", "48px"); // 36 pt
    await pressOnSlider(page, "Header font size", "End");
    await expect(field(page, "Company name").locator("xpath=..")).toHaveCSS("font-size", /^26\.6/); // 20 pt
    await pressOnSlider(page, "Header info font size", "Home");
    await expect(field(page, "Company address").locator("xpath=..")).toHaveCSS("font-size", /^9\.3/); // 7 pt
    await pressOnSlider(page, "Body font size", "Home");
    await expect(documentRegion(page)).toHaveCSS("font-size", /^10\.66/); // 8 pt
  });

  test("Design: accent colour, and the logo size and position sliders", async ({ page, request }) => {
    await openEditor(page, request);
    const panel = page.getByRole("tabpanel", { name: "Design" });
    await panel.getByLabel("Accent colour").fill("#1f6f5c");
    await expect(documentRegion(page).getByRole("region", { name: "Base bid amount" })).toHaveCSS(
      "border-top-color",
      "rgb(31, 111, 92)",
    );
    for (const [name, key, shown] of [
      ["Logo size", "logoSize", "134 px"],
      ["Logo position X", "logoX", "30 px"],
      ["Logo position Y", "logoY", "15 px"],
    ] as const) {
      const thumb = panel.getByRole("slider", { name, exact: true });
      await expect(thumb).toHaveAttribute("aria-valuemin", String(PROPOSAL_RANGES[key].min));
      await expect(thumb).toHaveAttribute("aria-valuemax", String(PROPOSAL_RANGES[key].max));
      await expect(sliderRow(page, name)).toContainText(shown);
    }
    // Measured within the page, which scrolls when a thumb takes focus on a narrow screen.
    const place = () =>
      logo(page).evaluate((img) => {
        const paper = img.closest("article")!.getBoundingClientRect();
        const box = img.getBoundingClientRect();
        return { x: box.x - paper.x, y: box.y - paper.y };
      });
    const before = await place();
    await pressOnSlider(page, "Logo position X", "ArrowRight", "ArrowRight");
    await expect.poll(async () => (await place()).x).toBeCloseTo(before.x + 2, 0);
    await pressOnSlider(page, "Logo position Y", "ArrowUp");
    await expect.poll(async () => (await place()).y).toBeCloseTo(before.y + 1, 0);
    await pressOnSlider(page, "Logo size", "End");
    await expect(logo(page)).toHaveCSS("width", "700px");
  });
});

test.describe("logo upload", () => {
  test("refuses a non-image and an SVG; scales a large image down to 1200 px and re-encodes it", async ({
    page,
    request,
  }) => {
    await openEditor(page, request);
    const input = page.getByLabel("Upload an image");
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
    await expectToast(page, proposalMessages.proposalLogoNotImage.title, undefined, "destructive");
    await closeToast(page);
    await input.setInputFiles({
      name: "logo.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"/>'),
    });
    await expectToast(page, proposalMessages.proposalLogoSvg.title, undefined, "destructive");
    await expect(logo(page)).toHaveAttribute("src", DEFAULT_LOGO_PATH);

    // A 2400 x 1200 PNG bigger than the whole logo budget, made in the page.
    const big = await page.evaluate(async () => {
      const canvas = document.createElement("canvas");
      canvas.width = 2400;
      canvas.height = 1200;
      const ctx = canvas.getContext("2d")!;
      const pixels = ctx.createImageData(2400, 1200);
      for (let i = 0; i < pixels.data.length; i += 1) pixels.data[i] = (i * 2654435761) % 251;
      ctx.putImageData(pixels, 0, 0);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
      return [...new Uint8Array(await blob.arrayBuffer())];
    });
    expect(big.length).toBeGreaterThan(LOGO_UPLOAD.maxDataUrlChars);
    await input.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from(big) });
    await expect(logo(page)).toHaveAttribute("src", /^data:image\/webp;base64,/);
    const kept = await logo(page).evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight, chars: img.src.length };
    });
    expect(kept.width).toBeLessThanOrEqual(LOGO_UPLOAD.maxWidthPx);
    expect(kept.width / kept.height).toBeCloseTo(2, 1);
    expect(kept.chars).toBeLessThanOrEqual(LOGO_UPLOAD.maxDataUrlChars);

    await input.setInputFiles({ name: "tiny.png", mimeType: "image/png", buffer: TINY_PNG });
    await expect.poll(() => logo(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await page.getByRole("button", { name: "Use default logo" }).click();
    await expect(logo(page)).toHaveAttribute("src", DEFAULT_LOGO_PATH);
    expect(await pwned(page)).toBeUndefined();
  });
});

test.describe("a signature template as the company logo", () => {
  test("the dropdown: placeholder, then each template's name, or 'Template' and 8 characters of its id", async ({
    page,
    request,
  }) => {
    const company = [signatureRow("Office card"), signatureRow("")];
    const personal = [signatureRow("My card")];
    await openEditor(page, request, { company, personal });
    const picker = signaturePicker(page);
    await expect(picker.locator("option").first()).toHaveText("Choose a signature template...");
    await expect(picker.locator("option:not([value=''])")).toHaveText([
      "Office card",
      `Template ${company[1]!.id.slice(0, 8)}`,
      "My card",
    ]);
  });

  test("on first load the first template is selected, and applied half a second later", async ({ page, request }) => {
    await page.addInitScript((defaultLogo) => {
      new MutationObserver((records) => {
        const stamped = window as { __logoChangedAt?: number };
        const changed = records.some(
          (r) =>
            (r.target as HTMLImageElement).alt === "Company logo" &&
            (r.target as HTMLImageElement).getAttribute("src") !== defaultLogo,
        );
        if (changed) stamped.__logoChangedAt ??= performance.now();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["src"] });
    }, DEFAULT_LOGO_PATH);
    const first = signatureRow("First", { logoUrl: `${DEFAULT_LOGO_PATH}?first` });
    await openEditor(page, request, { company: [first], personal: [signatureRow("Second")] });
    await expect(signaturePicker(page)).toHaveValue(first.id);
    await expect(logo(page)).toHaveAttribute("src", first.logoUrl!);
    await expectToast(
      page,
      proposalMessages.logoFromSignatureUrl.title,
      proposalMessages.logoFromSignatureUrl.description,
    );
    const delay = await page.evaluate(() => {
      const lists = performance
        .getEntriesByType("resource")
        .filter((e) => /signature-templates(\?|$)/.test(e.name)) as PerformanceResourceTiming[];
      return (window as { __logoChangedAt?: number }).__logoChangedAt! - Math.max(...lists.map((e) => e.responseEnd));
    });
    expect(delay).toBeGreaterThanOrEqual(480);
    expect(delay).toBeLessThan(2500);
  });

  const cases = [
    {
      name: "logoUrl: that URL becomes the logo",
      template: () => signatureRow("With URL", { ...POSITIONED, logoUrl: `${DEFAULT_LOGO_PATH}?from-signature` }),
      toast: proposalMessages.logoFromSignatureUrl,
      src: /\?from-signature$/,
    },
    {
      name: "formData, elements and globalSettings: the lines drawn on the 644 x 259 card, as a PNG at 2x",
      template: () => signatureRow("Positioned", POSITIONED),
      toast: proposalMessages.logoUpdated,
      src: /^data:image\/png;base64,/,
      size: { width: 1288, height: 518 },
    },
    {
      name: "HTML only: rendered on a white card as a PNG, its scripts never run",
      template: () =>
        signatureRow("HTML only", {
          htmlContent:
            '<div style="padding:20px;font:bold 28px Arial">Anchor Line<img src="/nowhere.png" onerror="window.__pwned=1"><script>window.__pwned=2</script></div>',
        }),
      toast: proposalMessages.logoUpdated,
      src: /^data:image\/png;base64,/,
      size: { width: 1288, height: 518 },
    },
    {
      name: "nothing usable: the default logo",
      template: () => signatureRow("Empty"),
      toast: proposalMessages.logoDefault,
      src: DEFAULT_LOGO_PATH,
    },
    {
      name: "any error (broken JSON): the default logo, 'Using default logo'",
      template: () => signatureRow("Broken", { ...POSITIONED, elements: "[{oops" }),
      toast: proposalMessages.logoFallback,
      src: DEFAULT_LOGO_PATH,
    },
  ];
  for (const { name, template, toast, src, size } of cases) {
    test(name, async ({ page, request }) => {
      const chosen = template();
      const starter = signatureRow("Starter", { logoUrl: `${DEFAULT_LOGO_PATH}?starter` });
      await openEditor(page, request, { company: [starter, chosen] });
      await expect(logo(page)).toHaveAttribute("src", starter.logoUrl!);
      await closeToast(page);
      await signaturePicker(page).selectOption(chosen.id);
      // The logo changes and its toast shows together, once the card is drawn (DRAWING: seconds when busy).
      await expect(logo(page)).toHaveAttribute("src", src, DRAWING);
      await expectToast(page, toast.title, "description" in toast ? toast.description : undefined);
      const natural = await logo(page).evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return { width: img.naturalWidth, height: img.naturalHeight };
      });
      if (size) expect(natural).toEqual(size);
      expect(await pwned(page)).toBeUndefined();
    });
  }

  test("an unknown template id: 'Template not found', nothing changes", async ({ page, request }) => {
    const starter = signatureRow("Starter", { logoUrl: `${DEFAULT_LOGO_PATH}?starter` });
    await openEditor(page, request, { company: [starter] });
    await expect(logo(page)).toHaveAttribute("src", starter.logoUrl!);
    await closeToast(page);
    // The dropdown only offers known ids, so a stale one is slipped in the way a refreshed list could leave it.
    const stale = "5a1e0000-0000-4000-8000-000000000000";
    await signaturePicker(page).evaluate((select, id) => select.append(new Option("Deleted meanwhile", id)), stale);
    await signaturePicker(page).selectOption(stale);
    await expectToast(page, proposalMessages.signatureTemplateNotFound.title, undefined, "destructive");
    await expect(logo(page)).toHaveAttribute("src", starter.logoUrl!);
  });

  test("a logo image that fails to load is replaced by the default logo", async ({ page, request }) => {
    await openEditor(page, request, { company: [signatureRow("Dead link", { logoUrl: "/portal/no-such-logo.png" })] });
    await expectToast(page, proposalMessages.logoFromSignatureUrl.title);
    await expect(logo(page)).toHaveAttribute("src", DEFAULT_LOGO_PATH);
  });
});

test.describe("Save Template and Load Template", () => {
  test("a blank name is refused with 'Name required' and the field in error style", async ({ page, request }) => {
    await openEditor(page, request);
    await page.getByRole("button", { name: "Save Template" }).click();
    const dialog = page.getByRole("dialog", { name: "Save Template" });
    await expect(dialog.getByLabel("Description (Optional)")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
    await dialog.getByLabel("Template Name").fill("   ");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(page, portalMessages.nameRequired.title, portalMessages.nameRequired.description, "destructive");
    await expect(dialog.getByLabel("Template Name")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog).toContainText(portalMessages.nameRequired.description);
  });

  test("save -> load round trip on the real API restores settings, content and HTML", async ({ page, request }) => {
    const token = await openEditor(page, request);
    const title = unique("E2E proposal");
    try {
      // Change one of each: a setting, a header field, an amount and the body's HTML.
      await page.getByRole("tab", { name: "Settings" }).click();
      await pressOnSlider(page, "Page width", "End");
      await field(page, "Project name").fill("Saved Project");
      await field(page, "Equipment amount").fill("50000");
      await field(page, "Equipment amount").press("Enter");
      await selectInBody(page, "h2 + p");
      await page.keyboard.press("Control+b");
      await expect(body(page).locator("h2 + p strong")).toHaveCount(1);
      const savedHtml = await body(page).innerHTML();

      const release = await holdRequests(page, `**${API.templates}`, "POST");
      await page.getByRole("button", { name: "Save Template" }).click();
      const dialog = page.getByRole("dialog", { name: "Save Template" });
      await dialog.getByLabel("Template Name").fill(title);
      await dialog.getByLabel("Description (Optional)").fill("Made by the e2e suite");
      const posted = page.waitForRequest((r) => r.url().endsWith(API.templates) && r.method() === "POST");
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await expect(dialog.getByRole("button", { name: "Saving..." })).toBeDisabled();
      release();
      const sent = (await posted).postDataJSON() as { title: string; category: string; templateContent: string };
      expect(sent).toMatchObject({ title, description: "Made by the e2e suite", category: "multifamily" });
      const content = JSON.parse(sent.templateContent) as Record<string, Record<string, unknown>>;
      expect(Object.keys(content)).toEqual(["documentSettings", "documentContent", "editorHTML"]);
      expect(content.documentContent).toMatchObject({
        projectName: "Saved Project",
        equipment: "$50,000.00",
        baseBidAmount: "$486,500.00",
      });
      await expectToast(page, proposalMessages.proposalSaved.title, proposalMessages.proposalSaved.description);
      await expect(dialog).toBeHidden();
      await page.getByRole("button", { name: "Save Template" }).click();
      await expect(dialog.getByLabel("Template Name")).toHaveValue("");
      await expect(dialog.getByLabel("Description (Optional)")).toHaveValue("");
      await page.keyboard.press("Escape");

      // Start over, then load the saved one back.
      await page.evaluate((key) => localStorage.removeItem(key), AUTOSAVE.storageKey);
      await page.reload();
      await expect(body(page)).toBeVisible();
      await expect(field(page, "Project name")).toHaveText(DEFAULT_DOCUMENT_CONTENT.projectName);
      await page.getByRole("button", { name: "Load Template" }).click();
      const row = page.getByRole("dialog", { name: "Load Template" }).getByRole("listitem").filter({ hasText: title });
      await expect(row).toHaveAttribute("data-category", "multifamily");
      await expect(row).toContainText("Made by the e2e suite");
      await row.getByRole("button", { name: `Load ${title}` }).click();
      await expect(page.getByRole("dialog")).toBeHidden();
      await expectToast(page, proposalLoaded(title).title, `Loaded "${title}" template`);
      await expect(page.getByRole("dialog")).toBeHidden();
      await expect(field(page, "Project name")).toHaveText("Saved Project");
      await expect(field(page, "Base bid amount")).toHaveValue("$486,500.00");
      expect((await documentRegion(page).boundingBox())!.width).toBe(950);
      expect(await body(page).innerHTML()).toBe(savedHtml);
    } finally {
      await seedWith(request).deleteTemplates(token, title);
    }
  });

  test("a failed save: 'Save failed', and what was typed is kept", async ({ page, request }) => {
    await openEditor(page, request);
    await page.route(`**${API.templates}`, (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, json: { error: "boom" } }) : route.fallback(),
    );
    await page.getByRole("button", { name: "Save Template" }).click();
    const dialog = page.getByRole("dialog", { name: "Save Template" });
    await dialog.getByLabel("Template Name").fill("Kept name");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(
      page,
      proposalMessages.proposalSaveFailed.title,
      proposalMessages.proposalSaveFailed.description,
      "destructive",
    );
    await expect(dialog.getByLabel("Template Name")).toHaveValue("Kept name");
  });

  test("the list: 'No saved templates' when empty", async ({ page, request }) => {
    await openEditor(page, request, { templates: [] });
    await page.getByRole("button", { name: "Load Template" }).click();
    await expect(page.getByRole("dialog", { name: "Load Template" }).getByText("No saved templates")).toBeVisible();
  });

  test("each row: category icon, title, optional description, created date, Load; scrolls at 240 px", async ({
    page,
    request,
  }) => {
    const rows = [
      templateRow("Oak Street homes", { category: "residential", description: "Two-story houses" }),
      templateRow("Cypress Creek", { category: "multifamily" }),
      templateRow("Retail center", { category: "commercial" }),
      templateRow("Legacy import", { category: "industrial" }),
      ...Array.from({ length: 6 }, (_, i) => templateRow(`Filler ${i + 1}`)),
    ];
    await openEditor(page, request, { templates: rows });
    await page.getByRole("button", { name: "Load Template" }).click();
    const list = page.getByRole("dialog", { name: "Load Template" }).getByRole("list", { name: "Saved templates" });
    for (const [title, label, icon] of [
      ["Oak Street homes", "Residential", "house"],
      ["Cypress Creek", "Multifamily", "building-complex"],
      ["Retail center", "Commercial", "briefcase"],
      ["Legacy import", "Other", "file-text"],
    ]) {
      const row = list.getByRole("listitem").filter({ hasText: title });
      await expect(row.locator("svg use")).toHaveAttribute("href", new RegExp(`#${icon}$`));
      await expect(row).toContainText(label!);
      await expect(row).toContainText("Created Nov 1, 2026");
      await expect(row.getByRole("button", { name: `Load ${title}` })).toHaveText("Load");
    }
    await expect(list.getByRole("listitem").filter({ hasText: "Oak Street homes" })).toContainText("Two-story houses");
    expect((await list.boundingBox())!.height).toBeLessThanOrEqual(241);
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  });

  test("an unparsable template: 'Load failed', nothing changes", async ({ page, request }) => {
    await openEditor(page, request, {
      templates: [templateRow("Dashboard text", { templateContent: "Paint all units, two coats." })],
    });
    const before = await documentRegion(page).innerHTML();
    await page.getByRole("button", { name: "Load Template" }).click();
    await page.getByRole("button", { name: "Load Dashboard text" }).click();
    await expectToast(
      page,
      proposalMessages.proposalLoadFailed.title,
      proposalMessages.proposalLoadFailed.description,
      "destructive",
    );
    await expect(page.getByRole("dialog", { name: "Load Template" })).toBeVisible();
    await page.keyboard.press("Escape");
    expect(await documentRegion(page).innerHTML()).toBe(before);
  });

  test("hostile templates load inert: the flag each payload would set stays unset", async ({ page, request }) => {
    const rows = XSS_PAYLOADS.map((payload, i) =>
      templateRow(`Hostile ${i + 1}`, { templateContent: documentWithBody(`<p>Safe text ${i + 1}</p>${payload}`) }),
    );
    await openEditor(page, request, { templates: rows });
    for (const row of rows) {
      await page.getByRole("button", { name: "Load Template" }).click();
      await page.getByRole("button", { name: `Load ${row.title}`, exact: true }).click();
      await expectToast(page, "Template loaded!", `Loaded "${row.title}" template`);
      await expect(body(page)).toContainText(`Safe text ${row.title.split(" ")[1]}`);
      expect(await body(page).innerHTML()).not.toMatch(
        /<(img|svg|math|script|iframe|a|style|object)\b|on\w+=|javascript:/i,
      );
      await closeToast(page);
    }
    // Every deferred handler a payload could reach has had its turn: each image loaded or failed, the animations
    // ended, and a frame drawn after them.
    await page.evaluate(() => Promise.all(Array.from(document.images, (img) => img.decode().catch(() => {}))));
    await settle(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await pwned(page)).toBeUndefined();
  });
});

test.describe("no lost work", () => {
  test("the document autosaves as you type; after a reload the editor offers it back", async ({ page, request }) => {
    await openEditor(page, request);
    await field(page, "Project name").fill("Autosaved Towers");
    await body(page).locator("h2 + p").click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Typed before the crash.");
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key) ?? "", AUTOSAVE.storageKey))
      .toContain("Typed before the crash.");
    page.once("dialog", (dialog) => void dialog.accept());
    await page.reload();
    const offer = page.getByRole("alert").filter({ hasText: "Unsaved proposal found" });
    await expect(offer).toBeVisible();
    await expect(field(page, "Project name")).toHaveText(DEFAULT_DOCUMENT_CONTENT.projectName);
    await offer.getByRole("button", { name: "Restore" }).click();
    await expect(field(page, "Project name")).toHaveText("Autosaved Towers");
    await expect(body(page)).toContainText("Typed before the crash.");
    await expect(offer).toBeHidden();
  });

  test("leaving with unsaved changes asks first; staying keeps the page", async ({ page, request }) => {
    await openEditor(page, request);
    await body(page).locator("h2 + p").click();
    await page.keyboard.type("Unsaved words ");
    const asked = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.getByRole("link", { name: "Back to Portal" }).click({ noWaitAfter: true });
    expect(await asked).toBe("beforeunload");
    await expect(page).toHaveURL(new RegExp(`${EDITOR_PATH}$`));
    await expect(body(page)).toContainText("Unsaved words");
  });

  test("an untouched document leaves without asking", async ({ page, request }) => {
    await openEditor(page, request);
    let asked = false;
    page.on("dialog", (dialog) => {
      asked = true;
      void dialog.accept();
    });
    await page.getByRole("link", { name: "Back to Portal" }).click();
    await page.waitForURL("**/portal/dashboard");
    expect(asked).toBe(false);
  });
});

test.describe("money that adds up", () => {
  test("amounts are typed as numbers and shown as dollars; the base bid is the sum unless overridden", async ({
    page,
    request,
  }) => {
    await openEditor(page, request);
    const bid = documentRegion(page).getByRole("region", { name: "Base bid amount" });
    await field(page, "Paint Labor amount").fill("300000.5");
    await field(page, "Paint Labor amount").press("Enter");
    await expect(field(page, "Paint Labor amount")).toHaveValue("$300,000.50");
    await expect(field(page, "Base bid amount")).toHaveValue("$494,000.50");
    await expect(bid).not.toContainText("Override");

    await field(page, "Base bid amount").fill("$500,000");
    await field(page, "Base bid amount").press("Enter");
    await expect(field(page, "Base bid amount")).toHaveValue("$500,000.00");
    await expect(bid).toHaveAttribute("data-override", "true");
    await expect(bid).toContainText("Override: the breakdown adds up to $494,000.50.");
    // An overridden bid stays put when the breakdown moves.
    await field(page, "Equipment amount").fill("1");
    await field(page, "Equipment amount").press("Enter");
    await expect(field(page, "Base bid amount")).toHaveValue("$500,000.00");

    await bid.getByRole("button", { name: "Use the total" }).click();
    await expect(field(page, "Base bid amount")).toHaveValue("$445,501.50");
    await expect(bid).not.toHaveAttribute("data-override");
    // Text that is not a number puts the previous amount back.
    await field(page, "Paint Materials amount").fill("lots");
    await field(page, "Paint Materials amount").press("Enter");
    await expect(field(page, "Paint Materials amount")).toHaveValue("$145,500.00");
  });
});

test.describe("print", () => {
  test("Print prints; print media hides the controls, letter page, 0.25 in margin, colours exact", async ({
    page,
    request,
  }) => {
    await page.addInitScript(() => {
      (window as { __prints?: number }).__prints = 0;
      window.print = () => {
        (window as { __prints?: number }).__prints! += 1;
      };
    });
    await openEditor(page, request);
    await page.getByRole("button", { name: "Print" }).click();
    expect(await page.evaluate(() => (window as { __prints?: number }).__prints)).toBe(1);
    const rule = await page.evaluate(() => {
      for (const sheet of Array.from(document.styleSheets)) {
        for (const media of Array.from(sheet.cssRules).filter(
          (r): r is CSSMediaRule => r instanceof CSSMediaRule && r.conditionText === "print",
        )) {
          const pageRule = Array.from(media.cssRules).find((r): r is CSSPageRule => r instanceof CSSPageRule);
          if (pageRule)
            return { size: pageRule.style.getPropertyValue("size"), margin: pageRule.style.getPropertyValue("margin") };
        }
      }
      return null;
    });
    expect(rule).toEqual({ size: "letter", margin: "0.25in" });

    await page.emulateMedia({ media: "print" });
    for (const control of [
      page.getByRole("heading", { name: "Professional Proposal Editor" }),
      page.getByRole("toolbar", { name: "Formatting" }),
      page.getByRole("complementary", { name: "Document design" }),
      page.getByRole("button", { name: "Print" }),
    ]) {
      await expect(control).toBeHidden();
    }
    await expect(documentRegion(page)).toBeVisible();
    await expect(documentRegion(page)).toHaveCSS("print-color-adjust", "exact");
  });

  test("the sample document prints on exactly one letter page", async ({ page, request }, testInfo) => {
    test.skip(isMobile(testInfo), "the PDF does not depend on the viewport; once is enough");
    await openEditor(page, request);
    await expect(page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Bold" })).toBeEnabled();
    const pdf = await page.pdf({
      format: "Letter",
      margin: { top: "0.25in", right: "0.25in", bottom: "0.25in", left: "0.25in" },
      printBackground: true,
    });
    // Kept for a look: pdftoppm -png test-results/<this test>/proposal.pdf
    await writeFile(testInfo.outputPath("proposal.pdf"), pdf);
    const pages = pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(1);
  });
});
