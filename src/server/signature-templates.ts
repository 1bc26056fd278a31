import type { SignatureTemplate, SignatureTemplateInput } from "~/schemas/signature";
import { audit } from "./audit";
import type { Db, Queryable } from "./db";
import type { Actor } from "./auth/staff";

const COLUMNS = `id, name, description, created_at AS "createdAt", form_data AS "formData", elements,
  global_settings AS "globalSettings", html_content AS "htmlContent", logo_url AS "logoUrl", is_company AS "isCompanyTemplate"`;

const toTemplate = (row: SignatureTemplate): SignatureTemplate => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
});

/** The caller's own signature templates, newest first. */
export async function listOwnSignatureTemplates(db: Queryable, ownerId: string): Promise<SignatureTemplate[]> {
  const rows = await db.query<SignatureTemplate>(
    `SELECT ${COLUMNS} FROM signature_templates WHERE owner_id = $1 ORDER BY created_at DESC, id`,
    [ownerId],
  );
  return rows.map(toTemplate);
}

/** Templates any staff member marked as company templates, newest first. */
export async function listCompanySignatureTemplates(db: Queryable): Promise<SignatureTemplate[]> {
  const rows = await db.query<SignatureTemplate>(
    `SELECT ${COLUMNS} FROM signature_templates WHERE is_company ORDER BY created_at DESC, id`,
  );
  return rows.map(toTemplate);
}

/** Saves a signature template for the acting user, audited in the same transaction. */
export async function createSignatureTemplate(
  db: Db,
  input: SignatureTemplateInput,
  actor: Actor,
): Promise<SignatureTemplate> {
  return db.transaction(async (tx) => {
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
      userId: actor.staff.id,
      username: actor.staff.username,
      ip: actor.ip,
      userAgent: actor.userAgent,
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
      userId: actor.staff.id,
      username: actor.staff.username,
      ip: actor.ip,
      userAgent: actor.userAgent,
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
      userId: actor.staff.id,
      username: actor.staff.username,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return true;
  });
}
