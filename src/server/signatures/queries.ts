/**
 * Signature templates as staff read them: their own, the company's, and one by id. Reads only.
 */
import type { SignatureTemplate, SignatureTemplateSummary } from "~/schemas/signature";
import type { Queryable } from "~/server/db";

const SUMMARY_COLUMNS = `id, name, description, created_at AS "createdAt", form_data AS "formData", elements,
  global_settings AS "globalSettings", is_company AS "isCompanyTemplate"`;

export const COLUMNS = `${SUMMARY_COLUMNS}, html_content AS "htmlContent", logo_url AS "logoUrl"`;

/** A list entry: the layout a list draws, whether there is a logo, and neither the logo nor the HTML. */
const LIST_COLUMNS = `${SUMMARY_COLUMNS}, (logo_url IS NOT NULL AND logo_url <> '') AS "hasLogo"`;

/**
 * What a list carries: "full" is every field; "summary" leaves the logo and the exported HTML out (a
 * template's exported HTML may be 400 KB, and a list drawing rows needs neither).
 */
export type SignatureListView = "full" | "summary";

export const toTemplate = <T extends { createdAt: string }>(row: T): T => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
});

const columnsOf = (view: SignatureListView) => (view === "full" ? COLUMNS : LIST_COLUMNS);

/** The caller's own signature templates, newest first. */
export async function listOwnSignatureTemplates(
  db: Queryable,
  ownerId: string,
  view: SignatureListView = "full",
): Promise<(SignatureTemplate | SignatureTemplateSummary)[]> {
  const rows = await db.query<SignatureTemplate>(
    `SELECT ${columnsOf(view)} FROM signature_templates WHERE owner_id = $1 ORDER BY created_at DESC, id`,
    [ownerId],
  );
  return rows.map(toTemplate);
}

/** Templates any staff member marked as company templates, newest first. */
export async function listCompanySignatureTemplates(
  db: Queryable,
  view: SignatureListView = "full",
): Promise<(SignatureTemplate | SignatureTemplateSummary)[]> {
  const rows = await db.query<SignatureTemplate>(
    `SELECT ${columnsOf(view)} FROM signature_templates WHERE is_company ORDER BY created_at DESC, id`,
  );
  return rows.map(toTemplate);
}

/** One template in full, if the caller may see it (their own, or a company one); undefined otherwise. */
export async function getSignatureTemplate(
  db: Queryable,
  id: string,
  staffId: string,
): Promise<SignatureTemplate | undefined> {
  const [row] = await db.query<SignatureTemplate>(
    `SELECT ${COLUMNS} FROM signature_templates WHERE id = $1 AND (owner_id = $2 OR is_company)`,
    [id, staffId],
  );
  return row && toTemplate(row);
}
