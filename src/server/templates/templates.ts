import type { ProposalTemplate, ProposalTemplateInput, ProposalTemplateSummary } from "~/schemas/proposal-template";
import { TEMPLATE_KEEP } from "~/schemas/limits";
import { actorEntry, audit, auditedWrite } from "~/server/activity/audit";
import type { Actor } from "~/server/auth/middleware";
import type { Db, Queryable } from "~/server/db";
import { admitTemplateSave, assertProposalTemplateRoom, assertStorageRoom } from "~/server/quotas";
import { storeProposalImages } from "~/server/signatures/images";

const COLUMNS = `id, title, description, template_content AS "templateContent", category, created_at AS "createdAt"`;
const SUMMARY_COLUMNS = `id, title, description, category, created_at AS "createdAt"`;
/** A live template with its version and who saved that version when (the creator, until someone saves it). */
const STORED_SELECT = `SELECT t.id, t.title, t.description, t.template_content AS "templateContent", t.category,
  t.created_at AS "createdAt", t.version, u.username AS "savedBy", t.updated_at AS "savedAt"
  FROM proposal_templates t LEFT JOIN staff_users u ON u.id = COALESCE(t.updated_by, t.created_by)`;

/**
 * What a list carries: "full" is every field; "summary" leaves templateContent out, so the list stays
 * small however large the templates are (200 proposals with logos would be about 46 MB in full).
 */
export type TemplateListView = "full" | "summary";

/** A template as stored: what the API returns, plus the version its ETag names and who saved it when. */
export interface StoredTemplate {
  template: ProposalTemplate;
  version: number;
  savedBy: string | null;
  savedAt: string;
}

type StoredRow = ProposalTemplate & { version: number; savedBy: string | null; savedAt: string | Date };

const iso = (value: string | Date) => new Date(value).toISOString();

const toTemplate = <T extends ProposalTemplateSummary>(row: T): T => ({ ...row, createdAt: iso(row.createdAt) });

const toStored = ({ version, savedBy, savedAt, ...template }: StoredRow): StoredTemplate => ({
  template: toTemplate(template),
  version,
  savedBy,
  savedAt: iso(savedAt),
});

/** Every proposal template outside the Trash, newest first: all staff share them. */
export async function listTemplates(db: Queryable, view: "full"): Promise<ProposalTemplate[]>;
export async function listTemplates(db: Queryable, view: TemplateListView): Promise<ProposalTemplateSummary[]>;
export async function listTemplates(db: Queryable, view: TemplateListView): Promise<ProposalTemplateSummary[]> {
  const rows = await db.query<ProposalTemplateSummary>(
    `SELECT ${view === "full" ? COLUMNS : SUMMARY_COLUMNS} FROM proposal_templates WHERE deleted_at IS NULL
     ORDER BY created_at DESC, id`,
  );
  return rows.map(toTemplate);
}

/** One template outside the Trash with its version; undefined when the id is unknown or trashed. */
export async function getTemplate(
  db: Queryable,
  id: string,
  { lock = false } = {},
): Promise<StoredTemplate | undefined> {
  const [row] = await db.query<StoredRow>(
    `${STORED_SELECT} WHERE t.id = $1 AND t.deleted_at IS NULL${lock ? " FOR UPDATE OF t" : ""}`,
    [id],
  );
  return row && toStored(row);
}

/**
 * What a template write stores as its content, charged to the saver (in the caller's transaction): one save of
 * the account's hourly limit (429), the content's inline images moved to the image store, and room for the
 * rest in the account's stored bytes (409).
 */
export async function admitTemplateContent(tx: Queryable, content: string, staffId: string): Promise<string> {
  await admitTemplateSave(tx, staffId);
  const stored = await storeProposalImages(tx, content, staffId);
  await assertStorageRoom(tx, staffId, Buffer.byteLength(stored, "utf8"));
  return stored;
}

/** Creates a template (version 1) and its audit row, atomically; 409 past the account's quotas, 429 past its saves. */
export async function createTemplate(db: Db, input: ProposalTemplateInput, actor: Actor): Promise<StoredTemplate> {
  const [row] = await db.transaction(async (tx) => {
    await assertProposalTemplateRoom(tx, actor.staff.id);
    const content = await admitTemplateContent(tx, input.templateContent, actor.staff.id);
    return auditedWrite<ProposalTemplate & { savedAt: string }>(
      tx,
      `INSERT INTO proposal_templates (title, description, template_content, category, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${COLUMNS}, updated_at AS "savedAt"`,
      [input.title, input.description ?? null, content, input.category, actor.staff.id],
      { action: "template.create", ...actorEntry(actor) },
    );
  });
  return toStored({ ...row!, version: 1, savedBy: actor.staff.username });
}

/** What a save did: saved as a new version, refused because the caller's version is not the current one, or no such template. */
export type SaveOutcome =
  { kind: "saved"; stored: StoredTemplate } | { kind: "conflict"; current: StoredTemplate } | { kind: "missing" };

/**
 * Saves `input` as the template's next version (charged to the saver, see `admitTemplateContent`), keeping the
 * current one in its history, in one transaction
 * that holds the template's row: two saves made on the same version cannot both pass the check. With
 * `expected`, a template whose version has moved on is a conflict and nothing is written; without it
 * (no If-Match) the save replaces whatever is current, on purpose.
 */
export async function saveVersion(
  db: Db,
  id: string,
  input: ProposalTemplateInput,
  actor: Actor,
  {
    expected,
    action = "template.update",
  }: { expected?: number; action?: "template.update" | "template.version-restore" },
): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    const current = await getTemplate(tx, id, { lock: true });
    if (!current) return { kind: "missing" };
    if (expected !== undefined && expected !== current.version) return { kind: "conflict", current };
    const content = await admitTemplateContent(tx, input.templateContent, actor.staff.id);
    await tx.query(
      `INSERT INTO proposal_template_versions
         (template_id, version, title, description, template_content, category, saved_by, saved_at)
       SELECT id, version, title, description, template_content, category, COALESCE(updated_by, created_by), updated_at
       FROM proposal_templates WHERE id = $1 ON CONFLICT DO NOTHING`,
      [id],
    );
    await tx.query(
      `UPDATE proposal_templates SET title = $2, description = $3, template_content = $4, category = $5,
         version = version + 1, updated_by = $6, updated_at = now() WHERE id = $1`,
      [id, input.title, input.description ?? null, content, input.category, actor.staff.id],
    );
    // The history keeps the newest versions, the current one counted among them; a version younger than
    // `youngDays` stays whatever the count, so no burst of saves pushes out a past only an admin may erase.
    await tx.query(
      `DELETE FROM proposal_template_versions WHERE template_id = $1 AND version <= $2
         AND saved_at < now() - make_interval(days => $3)`,
      [id, current.version + 1 - TEMPLATE_KEEP.versions, TEMPLATE_KEEP.youngDays],
    );
    await audit(tx, { action, targetId: id, ...actorEntry(actor) });
    return { kind: "saved", stored: (await getTemplate(tx, id))! };
  });
}

/** Moves a template to the Trash (audited, atomically); false when the id is unknown or already trashed. */
export async function trashTemplate(db: Db, id: string, actor: Actor): Promise<boolean> {
  const rows = await auditedWrite(
    db,
    `UPDATE proposal_templates SET deleted_at = now(), deleted_by = $2 WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
    [id, actor.staff.id],
    { action: "template.delete", ...actorEntry(actor) },
  );
  return rows.length > 0;
}
