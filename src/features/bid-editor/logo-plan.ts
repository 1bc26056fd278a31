/**
 * Choosing a signature template as the proposal's logo: which source the template offers
 * (docs/requirements.md#logo-and-signature-templates).
 * Pure and tested; the store carries the plan out. It parses the template's JSON with the API's schemas,
 * so it loads when a template is chosen, not with the editor.
 */
import * as z from "zod/mini";
import {
  signatureElementsSchema,
  signatureFormDataSchema,
  signatureGlobalSettingsSchema,
  type SignatureElement,
  type SignatureGlobalSettings,
} from "~/schemas/signature";
import type { SignatureTemplateRow } from "./logo-source";
import { isSafeImageUrl } from "./proposal";

/** What to do with a chosen template, in order of preference: the first case that applies wins. */
export type LogoPlan =
  | { kind: "not-found" }
  | { kind: "url"; url: string }
  | {
      kind: "signature";
      elements: SignatureElement[];
      globalSettings: SignatureGlobalSettings;
      formData: Partial<Record<string, string>>;
    }
  | { kind: "html"; html: string }
  | { kind: "default" }
  /** The template claims a source that cannot be used (a logoUrl that is no image URL, JSON that does not parse). */
  | { kind: "error"; error: string };

/** formData is only a fallback for line text, so any subset of the contact fields will do. */
const formDataSchema = z.partial(signatureFormDataSchema);

const present = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

/** Parses one JSON field of a template, naming the field when it fails. */
function parseField<T>(
  template: SignatureTemplateRow,
  field: "formData" | "elements" | "globalSettings",
  schema: z.ZodMiniType<T>,
): T {
  let value: unknown;
  try {
    value = JSON.parse(template[field]!);
  } catch {
    throw new Error(`Signature template ${template.id}: ${field} is not JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new Error(`Signature template ${template.id}: ${field} is invalid (${parsed.error.issues[0]!.message})`);
  return parsed.data;
}

/**
 * The logo plan for template `id` among `templates`. A template that carries formData, elements and
 * globalSettings is a positioned signature: if they do not parse, that is an error (default logo,
 * "Using default logo"), not a reason to try its HTML, because the stored signature is corrupt.
 */
export function planSignatureLogo(templates: readonly SignatureTemplateRow[], id: string): LogoPlan {
  const template = templates.find((t) => t.id === id);
  if (!template) return { kind: "not-found" };
  if (present(template.logoUrl)) {
    return isSafeImageUrl(template.logoUrl)
      ? { kind: "url", url: template.logoUrl.trim() }
      : { kind: "error", error: `Signature template ${id}: logoUrl is not an image URL` };
  }
  if (present(template.formData) && present(template.elements) && present(template.globalSettings)) {
    try {
      return {
        kind: "signature",
        formData: parseField(template, "formData", formDataSchema),
        elements: parseField(template, "elements", signatureElementsSchema),
        globalSettings: parseField(template, "globalSettings", signatureGlobalSettingsSchema),
      };
    } catch (error) {
      return { kind: "error", error: (error as Error).message };
    }
  }
  if (present(template.htmlContent)) return { kind: "html", html: template.htmlContent };
  return { kind: "default" };
}
