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
 * Deletes a signature template the caller created (personal or company): false when there is no
 * such template of theirs, so another user's template is indistinguishable from a missing one.
 */
export async function deleteSignatureTemplate(db: Db, id: string, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query("DELETE FROM signature_templates WHERE id = $1 AND owner_id = $2 RETURNING id", [
      id,
      actor.staff.id,
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
