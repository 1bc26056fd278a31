/**
 * Changes to the proposal templates: create, save a version (or restore one), move to and from the Trash, delete
 * forever and the Trash's daily purge. Each write is audited in its own transaction; quotas refuse with coded errors.
 */
import type { ProposalTemplate, ProposalTemplateInput } from "~/schemas/proposal-template";
import { TEMPLATE_KEEP } from "~/schemas/limits";
import { actorEntry, audit, auditedWrite } from "~/server/activity/audit";
import type { Actor } from "~/server/auth/middleware";
import type { Db, Queryable } from "~/server/db";
import { admitTemplateSave, assertProposalTemplateRoom, assertStorageRoom } from "~/server/quotas";
import { storeProposalImages } from "~/server/signatures/images";
import { CLEANUP_BATCH, inBatches } from "~/server/retention";
import { COLUMNS, DAY_MS, getTemplate, getVersion, type StoredTemplate, toStored } from "./queries";

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

/** Makes an earlier version current again, as a new version (so the one it replaces stays in the history). */
export async function restoreVersion(
  db: Db,
  id: string,
  version: number,
  actor: Actor,
  expected?: number,
): Promise<SaveOutcome> {
  const old = await getVersion(db, id, version);
  if (!old) return { kind: "missing" };
  const { title, description, templateContent, category } = old;
  return saveVersion(db, id, { title, description, templateContent, category }, actor, {
    expected,
    action: "template.version-restore",
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

/** Takes a template out of the Trash as it was (audited); false when it is not in the Trash. */
export async function restoreFromTrash(db: Db, id: string, actor: Actor): Promise<boolean> {
  const rows = await auditedWrite(
    db,
    `UPDATE proposal_templates SET deleted_at = NULL, deleted_by = NULL WHERE id = $1 AND deleted_at IS NOT NULL
     RETURNING id`,
    [id],
    { action: "template.restore", ...actorEntry(actor) },
  );
  return rows.length > 0;
}

/** Deletes a trashed template and its versions for good (audited); false when it is not in the Trash. */
export async function deleteForever(db: Db, id: string, actor: Actor): Promise<boolean> {
  const rows = await auditedWrite(
    db,
    "DELETE FROM proposal_templates WHERE id = $1 AND deleted_at IS NOT NULL RETURNING id",
    [id],
    { action: "template.purge", ...actorEntry(actor) },
  );
  return rows.length > 0;
}

/**
 * Deletes templates that have been in the Trash longer than the keep period before `now` (the job's clock,
 * a parameter so tests can move it), in batches. Returns how many went.
 */
export async function purgeTrash(db: Queryable, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - TEMPLATE_KEEP.trashDays * DAY_MS);
  return inBatches(
    db,
    `DELETE FROM proposal_templates WHERE id IN (
       SELECT id FROM proposal_templates WHERE deleted_at < $1 LIMIT ${CLEANUP_BATCH}) RETURNING 1`,
    [cutoff],
  );
}
