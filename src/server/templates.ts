import type { ProposalTemplate, ProposalTemplateInput, ProposalTemplateSummary } from "../schemas/proposal-template";
import { auditedWrite } from "./audit";
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
/** Lists being built, by view and the revision their first requester read. */
const building = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/**
 * Every proposal template, newest first (all staff share them, spec 6), as UTF-8 JSON.
 * Serialized once per table revision and reused while `revision` (read by the caller, see
 * `requireStaffAndRevision`) is still the one it was built at: a repeated read costs no query.
 * Every write replaces the revision (a trigger, so writes from any instance or tool count).
 *
 * Requests that read the same revision while its list is being built wait for that build instead of
 * each running the query: under the load test, writes changed the revision many times a second and
 * dozens of identical list queries queued for the database at once. Only a build started for the same
 * revision is shared; its snapshot is at least that revision, so a writer still reads its own write.
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
  if (revision === null) return buildList(db, view);
  const key = `${view}:${revision}`;
  let build = building.get(key);
  if (!build) {
    build = buildList(db, view).finally(() => building.delete(key));
    building.set(key, build);
  }
  return build;
}

async function buildList(db: Queryable, view: TemplateListView): Promise<Uint8Array<ArrayBuffer>> {
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
