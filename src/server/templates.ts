import type { ProposalTemplate, ProposalTemplateInput, ProposalTemplateSummary } from "../schemas/proposal-template";
import { audit } from "./audit";
import type { Actor } from "./auth/staff";
import type { Db, Queryable } from "./db";

const COLUMNS = `id, title, description, template_content AS "templateContent", category, created_at AS "createdAt"`;
const SUMMARY_COLUMNS = `id, title, description, category, created_at AS "createdAt"`;

/**
 * What a list carries: "full" is spec 7's shape; "summary" leaves templateContent out, so the list
 * stays small however large the templates are (issue 9: 200 proposals with logos).
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

/** This function instance's last serialized list of each view and the table revision it was read at. */
const cachedLists: Partial<Record<TemplateListView, { revision: string; json: Uint8Array<ArrayBuffer> }>> = {};

/**
 * Every proposal template, newest first (all staff share them, spec 6), as UTF-8 JSON.
 * Serialized once per table revision and reused while `revision` (read by the caller, see
 * `requireStaffAndRevision`) is still the one it was built at: a repeated read costs no query.
 * Every write replaces the revision (a trigger, so writes from any instance or tool count).
 */
export async function listTemplatesJson(
  db: Queryable,
  revision: string | null,
  view: TemplateListView = "full",
): Promise<Uint8Array<ArrayBuffer>> {
  const cachedList = cachedLists[view];
  // The bytes go out by reference (see jsonText); were a consumer ever to transfer them, rebuild.
  if (cachedList && revision !== null && cachedList.revision === revision && !cachedList.json.buffer.detached)
    return cachedList.json;
  // The rows and their revision in one statement, hence one snapshot: the cache never pairs a
  // revision with rows from another moment.
  const rows = await db.query<ProposalTemplateSummary & { revision: string }>(
    `SELECT ${view === "full" ? COLUMNS : SUMMARY_COLUMNS}, (SELECT revision FROM table_revisions WHERE table_name = 'proposal_templates') AS revision
     FROM proposal_templates ORDER BY created_at DESC, id`,
  );
  const json = new TextEncoder().encode(JSON.stringify(rows.map(({ revision: _revision, ...row }) => toTemplate(row))));
  // An empty table has no row to carry the revision; "[]" is cheap to rebuild.
  if (rows[0]) cachedLists[view] = { revision: rows[0].revision, json };
  return json;
}

/** One template with its content; undefined when the id is unknown. */
export async function getTemplate(db: Queryable, id: string): Promise<ProposalTemplate | undefined> {
  const [row] = await db.query<ProposalTemplate>(`SELECT ${COLUMNS} FROM proposal_templates WHERE id = $1`, [id]);
  return row && toTemplate(row);
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
export async function updateTemplate(
  db: Db,
  id: string,
  input: ProposalTemplateInput,
  actor: Actor,
): Promise<ProposalTemplate | undefined> {
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
