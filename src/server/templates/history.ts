/** A proposal template's past: its versions, and the Trash that deleted templates wait in. */
import type { TemplateVersion, TemplateVersionSummary, TrashedTemplate } from "~/schemas/proposal-template";
import { TEMPLATE_KEEP } from "~/schemas/limits";
import { actorEntry, auditedWrite } from "~/server/activity/audit";
import { CLEANUP_BATCH, inBatches } from "~/server/retention";
import type { Actor } from "~/server/auth/middleware";
import type { Db, Queryable } from "~/server/db";
import { getTemplate, saveVersion, type SaveOutcome } from "./templates";

const DAY_MS = 24 * 60 * 60 * 1000;

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * Every kept version of a live template, newest first: the current one (from the template itself) and the
 * earlier ones its saves kept. Undefined when the template is unknown or trashed.
 */
export async function listVersions(db: Queryable, id: string): Promise<TemplateVersionSummary[] | undefined> {
  const current = await getTemplate(db, id);
  if (!current) return undefined;
  const earlier = await db.query<{
    version: number;
    title: string;
    category: string;
    savedBy: string | null;
    savedAt: Date;
  }>(
    `SELECT v.version, v.title, v.category, u.username AS "savedBy", v.saved_at AS "savedAt"
     FROM proposal_template_versions v LEFT JOIN staff_users u ON u.id = v.saved_by
     WHERE v.template_id = $1 AND v.version < $2 ORDER BY v.version DESC`,
    [id, current.version],
  );
  const { title, category } = current.template;
  return [
    { version: current.version, title, category, savedBy: current.savedBy, savedAt: current.savedAt, current: true },
    ...earlier.map((v) => ({ ...v, savedAt: iso(v.savedAt), current: false }) as TemplateVersionSummary),
  ];
}

/** One version of a live template in full; undefined when there is no such template or version. */
export async function getVersion(db: Queryable, id: string, version: number): Promise<TemplateVersion | undefined> {
  const current = await getTemplate(db, id);
  if (!current) return undefined;
  if (current.version === version) {
    const { createdAt: _createdAt, ...template } = current.template;
    return { ...template, version, savedBy: current.savedBy, savedAt: current.savedAt };
  }
  const [row] = await db.query<TemplateVersion>(
    `SELECT v.template_id AS id, v.version, v.title, v.description, v.template_content AS "templateContent",
       v.category, u.username AS "savedBy", v.saved_at AS "savedAt"
     FROM proposal_template_versions v LEFT JOIN staff_users u ON u.id = v.saved_by
     WHERE v.template_id = $1 AND v.version = $2`,
    [id, version],
  );
  return row && { ...row, savedAt: iso(row.savedAt) };
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

/** The Trash, most recently deleted first, each entry with the day it will be purged. */
export async function listTrash(db: Queryable): Promise<TrashedTemplate[]> {
  const rows = await db.query<Omit<TrashedTemplate, "purgeAt">>(
    `SELECT t.id, t.title, t.description, t.category, t.created_at AS "createdAt", t.deleted_at AS "deletedAt",
       u.username AS "deletedBy"
     FROM proposal_templates t LEFT JOIN staff_users u ON u.id = t.deleted_by
     WHERE t.deleted_at IS NOT NULL ORDER BY t.deleted_at DESC, t.id`,
  );
  return rows.map((row) => ({
    ...row,
    createdAt: iso(row.createdAt),
    deletedAt: iso(row.deletedAt),
    purgeAt: iso(new Date(new Date(row.deletedAt).getTime() + TEMPLATE_KEEP.trashDays * DAY_MS)),
  }));
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
