/**
 * The signature templates the proposal's logo dropdown offers: the rows the two list calls return, and
 * how the dropdown lists them. Pure and tested; what a chosen template becomes is in logo-plan.ts.
 */
import { SIGNATURE_PICKER } from "./constants";
import type { SignatureTemplate } from "~/schemas/signature";

/** A signature template as the two list calls return it; the JSON fields are unchecked strings. */
export type SignatureTemplateRow = Pick<SignatureTemplate, "id" | "name"> &
  Partial<Pick<SignatureTemplate, "description" | "createdAt" | "isCompanyTemplate">> & {
    formData?: string | null;
    elements?: string | null;
    globalSettings?: string | null;
    htmlContent?: string | null;
    logoUrl?: string | null;
  };

/** A dropdown option: the template's name, or "Template " and the first 8 characters of its id. */
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
