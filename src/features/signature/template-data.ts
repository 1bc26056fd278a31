/**
 * Signature templates in and out: the three JSON strings a template carries, checked with
 * the API's own schemas, and the save body. Pure.
 */
import type * as z from "zod/mini";
import { DEFAULT_LINES } from "./constants";
import {
  SIGNATURE_ELEMENT_IDS,
  SIGNATURE_RANGES,
  signatureElementsSchema,
  signatureFormDataSchema,
  signatureGlobalSettingsSchema,
  signatureTemplateInputSchema,
  type SignatureElement,
  type SignatureFormData,
  type SignatureGlobalSettings,
  type SignatureTemplate,
  type SignatureTemplateInput,
} from "~/schemas/signature";
import { clamp, clampPosition } from "./layout";
import { buildElements, withContent } from "./signature";

/** Where the lines sit: what "Set as Default" keeps. */
export interface SignatureLayout {
  elements: SignatureElement[];
  globalSettings: SignatureGlobalSettings;
}

/** A whole signature: what a template restores. */
export interface SignatureData extends SignatureLayout {
  formData: SignatureFormData;
}

/** A parse that failed carries its error for the console; nothing about it is shown to staff. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Parses `text` as JSON matching `schema`; throws a message naming `what` otherwise. */
export function parseJsonAs<T>(text: string, schema: z.ZodMiniType<T>, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new Error(`${what} is not JSON`, { cause });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`${what} is invalid: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  return parsed.data;
}

/** Runs `read`, turning a throw into a failed Parsed. */
function attempt<T>(read: () => T): Parsed<T> {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * All five lines in their fixed order with content written from `formData`: a saved set may lack a
 * line (the schema allows fewer), which then comes back at its default place. Positions are kept
 * inside the slider ranges (the API accepts wider ones from other clients).
 */
export function completeElements(
  elements: readonly SignatureElement[],
  formData: SignatureFormData,
): SignatureElement[] {
  const defaults = buildElements(formData, DEFAULT_LINES);
  const lines = SIGNATURE_ELEMENT_IDS.map((id, i) => elements.find((e) => e.id === id) ?? defaults[i]!);
  return withContent(lines, formData).map((line) => ({ ...line, position: clampPosition(line.position) }));
}

/** Global settings with the offsets inside their slider ranges. */
export function clampGlobalSettings(settings: SignatureGlobalSettings): SignatureGlobalSettings {
  return {
    ...settings,
    globalX: clamp(settings.globalX, SIGNATURE_RANGES.globalX),
    globalY: clamp(settings.globalY, SIGNATURE_RANGES.globalY),
  };
}

/** A template's lines and global settings (for Set as Default). */
export function parseTemplateLayout(
  template: Pick<SignatureTemplate, "elements" | "globalSettings">,
): Parsed<SignatureLayout> {
  return attempt(() => ({
    elements: parseJsonAs(template.elements, signatureElementsSchema, "elements"),
    globalSettings: parseJsonAs(template.globalSettings, signatureGlobalSettingsSchema, "globalSettings"),
  }));
}

/** A template's whole signature (for Load); its lines are completed and rewritten from its form data. */
export function parseTemplate(
  template: Pick<SignatureTemplate, "formData" | "elements" | "globalSettings">,
): Parsed<SignatureData> {
  return attempt(() => {
    const formData = parseJsonAs(template.formData, signatureFormDataSchema, "formData");
    const layout = parseTemplateLayout(template);
    if (!layout.ok) throw layout.error;
    return {
      formData,
      globalSettings: clampGlobalSettings(layout.value.globalSettings),
      elements: completeElements(layout.value.elements, formData),
    };
  });
}

/** What the Save Template dialog holds. */
export interface SaveForm {
  name: string;
  description: string;
  isCompanyTemplate: boolean;
}

/** The Save dialog as it opens the first time and after a successful save. */
export const EMPTY_SAVE_FORM: SaveForm = { name: "", description: "", isCompanyTemplate: false };

/** The POST body, or null when the trimmed name is blank. */
export function templateInput(
  form: SaveForm,
  signature: SignatureData,
  htmlContent: string,
  logoUrl: string | null,
): SignatureTemplateInput | null {
  const name = form.name.trim();
  if (!name) return null;
  return signatureTemplateInputSchema.parse({
    name,
    description: form.description.trim() || null,
    formData: JSON.stringify(signature.formData),
    elements: JSON.stringify(signature.elements),
    globalSettings: JSON.stringify(signature.globalSettings),
    htmlContent,
    logoUrl,
    isCompanyTemplate: form.isCompanyTemplate,
  });
}

/**
 * Stored signature HTML names its images on the configured site (SITE_URL), where mail clients fetch
 * them. Shown in the portal, the same paths come from the origin that serves it (a preview deploy, the
 * apex or www host, a local server), which is the one the CSP's img-src 'self' allows. Call on HTML that
 * has been sanitised: it only shortens absolute URLs of `site` to paths.
 */
export function onThisOrigin(html: string, site: string | undefined = import.meta.env.SITE): string {
  if (!site) return html;
  return html.replaceAll(`${new URL(site).origin}/`, "/");
}
