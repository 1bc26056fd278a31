/** Fixtures and page helpers of the Professional Proposal Editor spec. */
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { DEFAULT_LOGO } from "../../src/features/bid-editor/constants";
import { SIGNATURE_TIMING } from "../../src/features/signature/constants";
import { initialDocument } from "../../src/features/bid-editor/proposal";
import { sampleElements, sampleFormData, sampleGlobalSettings } from "../../test/fixtures/signature";
import { signedIn } from "./portal";
import { API } from "./seed";

export const EDITOR_PATH = "/portal/proposal-editor";
export const DEFAULT_LOGO_PATH = DEFAULT_LOGO;

/**
 * How long a signature template may take to become the logo: the renderers' own bound before they fall back to
 * the default (an image gets SIGNATURE_TIMING.imageTimeoutMs, the fonts their wait). The HTML card alone waits
 * htmlCardFontWaitMs before html2canvas draws it, so on a busy machine it is well past an expect's 5 s.
 */
export const DRAWING = { timeout: SIGNATURE_TIMING.imageTimeoutMs + SIGNATURE_TIMING.cardFontWaitMs };

/** A signature template row as the company's list (API.companySignatureTemplates) returns it. */
export interface SignatureRow {
  id: string;
  name: string;
  description: string | null;
  createdAt: string;
  formData: string;
  elements: string;
  globalSettings: string;
  htmlContent: string | null;
  logoUrl: string | null;
  isCompanyTemplate: boolean;
}

let next = 0;
const fakeId = (tag: string) => {
  next += 1;
  const n = String(next);
  return `${n.padStart(8, "0")}-${tag}-4${tag.slice(1)}-8${tag.slice(1)}-${n.padStart(12, "0")}`;
};

/** A signature template with nothing to draw, unless `extra` gives it something. */
export function signatureRow(name: string, extra: Partial<SignatureRow> = {}): SignatureRow {
  return {
    id: fakeId("aaaa"),
    name,
    description: null,
    createdAt: "2026-11-01T10:00:00.000Z",
    formData: "",
    elements: "",
    globalSettings: "",
    htmlContent: null,
    logoUrl: null,
    isCompanyTemplate: true,
    ...extra,
  };
}

/** The JSON fields of a positioned signature, as the generator saves them. */
export const POSITIONED = {
  formData: JSON.stringify(sampleFormData),
  elements: JSON.stringify(sampleElements),
  globalSettings: JSON.stringify(sampleGlobalSettings),
};

/** A proposal template row as one template (API.templates + "/:id") is returned. */
export interface TemplateRow {
  id: string;
  title: string;
  description: string | null;
  templateContent: string;
  category: string;
  createdAt: string;
}

/** A template row for a routed list; its content is a valid editor document unless given. */
export function templateRow(title: string, extra: Partial<TemplateRow> = {}): TemplateRow {
  return {
    id: fakeId("bbbb"),
    title,
    description: null,
    templateContent: JSON.stringify(initialDocument(new Date(2026, 0, 5))),
    category: "multifamily",
    createdAt: "2026-11-01T10:00:00.000Z",
    ...extra,
  };
}

/** A stored document with its editorHTML replaced. */
export function documentWithBody(editorHTML: string): string {
  return JSON.stringify({ ...initialDocument(new Date(2026, 0, 5)), editorHTML });
}

export interface EditorOptions {
  /** Company signature templates; none by default, so nothing is auto-selected. */
  company?: SignatureRow[];
  personal?: SignatureRow[];
  /** Serves the Load dialog's list and each template from these rows when given. */
  templates?: TemplateRow[];
}

/** Serves `rows` as the summary list and as each template (GET API.templates + "/:id"). */
async function routeTemplates(page: Page, rows: readonly TemplateRow[]): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith(API.templates),
    (route) => {
      const request = route.request();
      if (request.method() !== "GET") return route.fallback();
      const url = new URL(request.url());
      const id = url.pathname.split("/")[4];
      if (!id) return route.fulfill({ json: rows.map(({ templateContent: _content, ...summary }) => summary) });
      const row = rows.find((r) => r.id === id);
      return row ? route.fulfill({ json: row }) : route.fulfill({ status: 404, json: { error: "Template not found" } });
    },
  );
}

/** Serves the signature lists (and optionally the templates) from fixtures, signs in and opens the editor. */
export async function openEditor(page: Page, request: APIRequestContext, options: EditorOptions = {}): Promise<string> {
  // The lists (the editor reads their light view) and the one template the logo dropdown fetches whole.
  const rows = [...(options.company ?? []), ...(options.personal ?? [])];
  await page.route(new RegExp(`${API.companySignatureTemplates}(\\?.*)?$`), (route) =>
    route.fulfill({ json: options.company ?? [] }),
  );
  await page.route(new RegExp(`${API.signatureTemplates}(\\?.*)?$`), (route) =>
    route.fulfill({ json: options.personal ?? [] }),
  );
  await page.route(new RegExp(`${API.signatureTemplates}/[^/?]+$`), (route) => {
    const row = rows.find((r) => route.request().url().endsWith(`/${r.id}`));
    return row ? route.fulfill({ json: row }) : route.fulfill({ status: 404, json: { error: "Not found" } });
  });
  if (options.templates) await routeTemplates(page, options.templates);
  const token = await signedIn(page, request);
  await page.goto(EDITOR_PATH);
  await expect(body(page)).toBeVisible();
  return token;
}

const toasts = (page: Page): Locator => page.getByRole("region", { name: /Notifications/ });
export const documentRegion = (page: Page): Locator => page.getByRole("article", { name: "Proposal document" });
export const body = (page: Page): Locator => page.getByRole("textbox", { name: "Proposal body" });
export const logo = (page: Page): Locator => documentRegion(page).getByRole("img", { name: "Company logo" });
export const signaturePicker = (page: Page): Locator => page.getByLabel("Company signature template");
/** A header value edited in place, or an amount in the bid box. */
export const field = (page: Page, name: string): Locator =>
  documentRegion(page).getByRole("textbox", { name, exact: true });

/** Expects the one visible toast to read `title` (and `description`), and its variant. */
export async function expectToast(
  page: Page,
  title: string,
  description?: string,
  variant: "default" | "destructive" = "default",
): Promise<void> {
  const item = toasts(page).getByRole("listitem").filter({ hasText: title });
  await expect(item).toBeVisible();
  if (description) await expect(item).toContainText(description);
  await expect(item).toHaveAttribute("data-variant", variant);
}

/** Closes the visible toast, so the next one can be told apart from it. */
export async function closeToast(page: Page): Promise<void> {
  const close = toasts(page).getByRole("button", { name: "Close" });
  if (await close.count()) await close.first().click();
  await expect(toasts(page).getByRole("listitem")).toHaveCount(0);
}

/**
 * Selects the text of the first element inside the body matching `selector` (ProseMirror follows the DOM
 * selection). Focusing the body brings the editor in place of the static body: the selection is made in it.
 */
export async function selectInBody(page: Page, selector: string): Promise<string> {
  await body(page).focus();
  await expect(page.locator("[data-static-body]")).toHaveCount(0);
  return body(page).evaluate((region, css) => {
    const target = region.querySelector(css)!;
    const range = document.createRange();
    range.selectNodeContents(target);
    const selection = document.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    // The editor takes a new selection from the browser's selectionchange event, a task of its own that the
    // test's next key press (an input event, run first) can overtake on a busy machine; a person never presses
    // a key within that millisecond. Announcing it now has the editor read the selection before the key.
    document.dispatchEvent(new Event("selectionchange"));
    return selection.toString();
  }, selector);
}

/**
 * Moves a Radix slider with the keyboard (End / Home / arrows), the steps docs/requirements.md#lines-and-sliders gives.
 */
export async function pressOnSlider(page: Page, name: string, ...keys: string[]): Promise<void> {
  const thumb = page.getByRole("slider", { name, exact: true });
  await thumb.focus();
  for (const key of keys) await thumb.press(key);
}

/** Whether a payload's flag was set: stays undefined while every template is inert. */
export const pwned = (page: Page): Promise<unknown> => page.evaluate(() => (window as { __pwned?: unknown }).__pwned);

/** A 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
