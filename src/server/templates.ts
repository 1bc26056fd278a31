import type { ProposalTemplate, ProposalTemplateInput, ProposalTemplateSummary } from "~/schemas/proposal-template";
import { auditedWrite } from "./audit";
import type { Actor } from "./auth/staff";
import type { Db, Queryable } from "./db";

const COLUMNS = `id, title, description, template_content AS "templateContent", category, created_at AS "createdAt"`;
const SUMMARY_COLUMNS = `id, title, description, category, created_at AS "createdAt"`;

/**
 * What a list carries: "full" is every field; "summary" leaves templateContent out, so the list stays
 * small however large the templates are (200 proposals with logos would be about 46 MB in full).
 */
export type TemplateListView = "full" | "summary";

const toTemplate = <T extends ProposalTemplateSummary>(row: T): T => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
});

const auditFor = (actor: Actor) => ({
  userId: actor.staff.id,
  username: actor.staff.username,
  ip: actor.ip,
  userAgent: actor.userAgent,
});

/** Every proposal template, newest first: all staff share them. */
export async function listTemplates(db: Queryable, view: "full"): Promise<ProposalTemplate[]>;
export async function listTemplates(db: Queryable, view: TemplateListView): Promise<ProposalTemplateSummary[]>;
export async function listTemplates(db: Queryable, view: TemplateListView): Promise<ProposalTemplateSummary[]> {
  const rows = await db.query<ProposalTemplateSummary>(
    `SELECT ${view === "full" ? COLUMNS : SUMMARY_COLUMNS} FROM proposal_templates ORDER BY created_at DESC, id`,
  );
  return rows.map(toTemplate);
}

/** One template with its content; undefined when the id is unknown. */
export async function getTemplate(db: Queryable, id: string): Promise<ProposalTemplate | undefined> {
  const [row] = await db.query<ProposalTemplate>(`SELECT ${COLUMNS} FROM proposal_templates WHERE id = $1`, [id]);
  return row && toTemplate(row);
}

/** Creates a template and its audit row, atomically. */
export async function createTemplate(db: Db, input: ProposalTemplateInput, actor: Actor): Promise<ProposalTemplate> {
  const [row] = await auditedWrite<ProposalTemplate>(
    db,
    `INSERT INTO proposal_templates (title, description, template_content, category, created_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [input.title, input.description ?? null, input.templateContent, input.category, actor.staff.id],
    { action: "template.create", ...auditFor(actor) },
  );
  return toTemplate(row!);
}

/** Replaces a template's fields (audited, atomically); undefined when the id is unknown. */
export async function updateTemplate(
  db: Db,
  id: string,
  input: ProposalTemplateInput,
  actor: Actor,
): Promise<ProposalTemplate | undefined> {
  const [row] = await auditedWrite<ProposalTemplate>(
    db,
    `UPDATE proposal_templates SET title = $2, description = $3, template_content = $4, category = $5, updated_at = now()
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, input.title, input.description ?? null, input.templateContent, input.category],
    { action: "template.update", ...auditFor(actor) },
  );
  return row && toTemplate(row);
}

/** Deletes a template (audited, atomically); false when the id is unknown. */
export async function deleteTemplate(db: Db, id: string, actor: Actor): Promise<boolean> {
  const rows = await auditedWrite(db, "DELETE FROM proposal_templates WHERE id = $1 RETURNING id", [id], {
    action: "template.delete",
    ...auditFor(actor),
  });
  return rows.length > 0;
}
