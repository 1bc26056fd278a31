/**
 * Changes to signature templates: create one, delete one, take one off the company's list; each audited
 * atomically. The image store (./images.ts) keeps their pictures.
 */
import type { SignatureTemplate, SignatureTemplateInput } from "~/schemas/signature";
import { actorEntry, audit } from "~/server/activity/audit";
import type { Db } from "~/server/db";
import type { Actor } from "~/server/auth/middleware";
import { assertSignatureTemplateRoom } from "~/server/quotas";
import { storeInlineImages } from "./images";
import { COLUMNS, toTemplate } from "./queries";

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
