import type { SignatureTemplate, SignatureTemplateInput, SignatureTemplateSummary } from "~/schemas/signature";
import { actorEntry, audit } from "~/server/activity/audit";
import type { Db, Queryable } from "~/server/db";
import type { Actor } from "~/server/auth/middleware";
import { assertSignatureTemplateRoom } from "~/server/quotas";
import { storeInlineImages } from "./images";

const SUMMARY_COLUMNS = `id, name, description, created_at AS "createdAt", form_data AS "formData", elements,
  global_settings AS "globalSettings", is_company AS "isCompanyTemplate"`;
const COLUMNS = `${SUMMARY_COLUMNS}, html_content AS "htmlContent", logo_url AS "logoUrl"`;
/** A list entry: the layout a list draws, whether there is a logo, and neither the logo nor the HTML. */
const LIST_COLUMNS = `${SUMMARY_COLUMNS}, (logo_url IS NOT NULL AND logo_url <> '') AS "hasLogo"`;

/**
 * What a list carries: "full" is every field; "summary" leaves the logo and the exported HTML out (a
 * template's exported HTML may be 400 KB, and a list drawing rows needs neither).
 */
export type SignatureListView = "full" | "summary";

const toTemplate = <T extends { createdAt: string }>(row: T): T => ({
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

/**
 * Saves a signature template for the acting user, audited in the same transaction; 409 past the quota. Its
 * logo is stored once among the stored images and the row names it by URL (see storeInlineImages).
 */
export async function createSignatureTemplate(
  db: Db,
  body: SignatureTemplateInput,
  actor: Actor,
): Promise<SignatureTemplate> {
  return db.transaction(async (tx) => {
    await assertSignatureTemplateRoom(tx, actor.staff.id);
    const input = await storeInlineImages(tx, body, actor.staff.id);
    const [row] = await tx.query<SignatureTemplate>(
      `INSERT INTO signature_templates (owner_id, is_company, name, description, form_data, elements, global_settings, html_content, logo_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
      [
        actor.staff.id,
        input.isCompanyTemplate,
        input.name,
        input.description ?? null,
        input.formData,
        input.elements,
        input.globalSettings,
        input.htmlContent ?? null,
        input.logoUrl ?? null,
      ],
    );
    await audit(tx, {
      action: "signature-template.create",
      targetId: row!.id,
      ...actorEntry(actor),
    });
    return toTemplate(row!);
  });
}

/**
 * Who may change a template: its creator, and for a company template any admin (so a departed employee's
 * company templates do not stay forever). $2 is the caller's id, $3 whether the caller is an admin.
 */
const MAY_CHANGE = "(owner_id = $2 OR (is_company AND $3::boolean))";

/**
 * Deletes a signature template the caller may change (see MAY_CHANGE): false when there is no such
 * template, so another user's personal template is indistinguishable from a missing one.
 */
export async function deleteSignatureTemplate(db: Db, id: string, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(`DELETE FROM signature_templates WHERE id = $1 AND ${MAY_CHANGE} RETURNING id`, [
      id,
      actor.staff.id,
      actor.staff.role === "admin",
    ]);
    if (rows.length === 0) return false;
    await audit(tx, {
      action: "signature-template.delete",
      targetId: id,
      ...actorEntry(actor),
    });
    return true;
  });
}

/** Takes the company mark off a template the caller may change (see MAY_CHANGE); false when there is none. */
export async function unmarkCompanySignatureTemplate(db: Db, id: string, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      `UPDATE signature_templates SET is_company = false WHERE id = $1 AND is_company AND ${MAY_CHANGE} RETURNING id`,
      [id, actor.staff.id, actor.staff.role === "admin"],
    );
    if (rows.length === 0) return false;
    await audit(tx, {
      action: "signature-template.unmark",
      targetId: id,
      ...actorEntry(actor),
    });
    return true;
  });
}
