/**
 * The proposal templates as staff read them: the list, one template with its version, its history and the Trash.
 * Reads only; nothing here refuses but by finding nothing.
 */
import type {
  ProposalTemplate,
  ProposalTemplateSummary,
  TemplateVersion,
  TemplateVersionSummary,
  TrashedTemplate,
} from "~/schemas/proposal-template";
import { TEMPLATE_KEEP } from "~/schemas/limits";
import type { Queryable } from "~/server/db";

export const COLUMNS = `id, title, description, template_content AS "templateContent", category, created_at AS "createdAt"`;

const SUMMARY_COLUMNS = `id, title, description, category, created_at AS "createdAt"`;

/** A live template with its version and who saved that version when (the creator, until someone saves it). */
const STORED_SELECT = `SELECT t.id, t.title, t.description, t.template_content AS "templateContent", t.category,
  t.created_at AS "createdAt", t.version, u.username AS "savedBy", t.updated_at AS "savedAt"
  FROM proposal_templates t LEFT JOIN staff_users u ON u.id = COALESCE(t.updated_by, t.created_by)`;

export const DAY_MS = 24 * 60 * 60 * 1000;

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

export const toStored = ({ version, savedBy, savedAt, ...template }: StoredRow): StoredTemplate => ({
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
