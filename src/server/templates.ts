import type { ProposalTemplate, ProposalTemplateInput } from "../schemas/proposal-template";
import { audit } from "./audit";
import type { Actor } from "./auth/staff";
import type { Db, Queryable } from "./db";

const COLUMNS = `id, title, description, template_content AS "templateContent", category, created_at AS "createdAt"`;

const toTemplate = (row: ProposalTemplate): ProposalTemplate => ({ ...row, createdAt: new Date(row.createdAt).toISOString() });

const auditFor = (actor: Actor) => ({ userId: actor.staff.id, username: actor.staff.username, ip: actor.ip, userAgent: actor.userAgent });

/** Every proposal template, newest first (all staff share them, spec 6). */
export async function listTemplates(db: Queryable): Promise<ProposalTemplate[]> {
  return (await db.query<ProposalTemplate>(`SELECT ${COLUMNS} FROM proposal_templates ORDER BY created_at DESC, id`)).map(toTemplate);
}

/** Creates a template and its audit row in one transaction. */
export async function createTemplate(db: Db, input: ProposalTemplateInput, actor: Actor): Promise<ProposalTemplate> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<ProposalTemplate>(
      `INSERT INTO proposal_templates (title, description, template_content, category, created_by)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [input.title, input.description ?? null, input.templateContent, input.category, actor.staff.id],
    );
    await audit(tx, { action: "template.create", targetId: row!.id, ...auditFor(actor) });
    return toTemplate(row!);
  });
}

/** Replaces a template's fields; undefined when the id is unknown. */
export async function updateTemplate(db: Db, id: string, input: ProposalTemplateInput, actor: Actor): Promise<ProposalTemplate | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<ProposalTemplate>(
      `UPDATE proposal_templates SET title = $2, description = $3, template_content = $4, category = $5, updated_at = now()
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, input.title, input.description ?? null, input.templateContent, input.category],
    );
    if (!row) return undefined;
    await audit(tx, { action: "template.update", targetId: id, ...auditFor(actor) });
    return toTemplate(row);
  });
}

/** Deletes a template; false when the id is unknown. */
export async function deleteTemplate(db: Db, id: string, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query("DELETE FROM proposal_templates WHERE id = $1 RETURNING id", [id]);
    if (rows.length === 0) return false;
    await audit(tx, { action: "template.delete", targetId: id, ...auditFor(actor) });
    return true;
  });
}
