/**
 * Choosing a signature template as the proposal's logo (spec 4): which source the template offers,
 * and how the dropdown lists the templates. Pure and tested; the store carries the plan out.
 */
import * as z from "zod";
import { SIGNATURE_PICKER } from "~/config/proposal";
import {
  signatureElementsSchema,
  signatureFormDataSchema,
  signatureGlobalSettingsSchema,
  type SignatureElement,
  type SignatureGlobalSettings,
  type SignatureTemplate,
} from "~/schemas/signature";
import { isSafeImageUrl } from "./proposal";

/** A signature template as the two list calls return it; the JSON fields are unchecked strings. */
export type SignatureTemplateRow = Pick<SignatureTemplate, "id" | "name"> &
  Partial<Pick<SignatureTemplate, "description" | "createdAt" | "isCompanyTemplate">> & {
    formData?: string | null;
    elements?: string | null;
    globalSettings?: string | null;
    htmlContent?: string | null;
    logoUrl?: string | null;
  };

/** What to do with a chosen template, in the spec's order: the first case that applies wins. */
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
  /** The template claims a source that cannot be used: spec 4's "any error". */
  | { kind: "error"; error: string };

/** formData is only a fallback for line text, so any subset of the contact fields will do. */
const formDataSchema = signatureFormDataSchema.partial();

const present = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

/** Parses one JSON field of a template, naming the field when it fails. */
function parseField<T>(
  template: SignatureTemplateRow,
  field: "formData" | "elements" | "globalSettings",
  schema: z.ZodType<T>,
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

/** A dropdown option: the template's name, or "Template " and the first 8 characters of its id (spec 2). */
export function signatureLabel(template: Pick<SignatureTemplateRow, "id" | "name">): string {
  return template.name?.trim() || `${SIGNATURE_PICKER.unnamedPrefix}${template.id.slice(0, SIGNATURE_PICKER.idChars)}`;
}

export interface SignatureGroup {
  label: string;
  options: { id: string; label: string }[];
}

/**
 * The dropdown's optgroups: company templates first, then the user's own. A personal template that is
 * also a company one is listed once, under company. Empty groups are left out.
 */
export function signatureGroups(
  company: readonly SignatureTemplateRow[],
  personal: readonly SignatureTemplateRow[],
): SignatureGroup[] {
  const companyIds = new Set(company.map((t) => t.id));
  const groups = [
    { label: SIGNATURE_PICKER.companyGroup, templates: company },
    { label: SIGNATURE_PICKER.personalGroup, templates: personal.filter((t) => !companyIds.has(t.id)) },
  ];
  return groups
    .filter((g) => g.templates.length > 0)
    .map((g) => ({ label: g.label, options: g.templates.map((t) => ({ id: t.id, label: signatureLabel(t) })) }));
}

/** Every template in dropdown order (company first); the auto-selected one is the first of these. */
export function orderedSignatures(
  company: readonly SignatureTemplateRow[],
  personal: readonly SignatureTemplateRow[],
): SignatureTemplateRow[] {
  const companyIds = new Set(company.map((t) => t.id));
  return [...company, ...personal.filter((t) => !companyIds.has(t.id))];
}
