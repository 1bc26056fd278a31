/**
 * The company's data as one ZIP of JSON and files (what an administrator downloads), and restoring a proposal
 * template from the file the ZIP holds for it. Whole-database backups are the database's own (README).
 */
import { strToU8, zipSync, type Zippable } from "fflate";
import type { ProposalTemplateInput } from "~/schemas/proposal-template";
import { audit } from "./audit";
import type { Actor } from "./auth/staff";
import type { Db, Queryable } from "./db";
import { allImages } from "./signature-images";
import { admitTemplateContent, auditFor, getTemplate, saveVersion } from "./templates";

/** Bumped when the files' shapes change, so a restore can tell which it reads. */
export const EXPORT_FORMAT = 1;

const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));

/**
 * Every proposal template (the Trash included) with its kept versions, every signature template, every stored
 * image and every contact message, as `manifest.json`, `proposal-templates/<id>.json`,
 * `signature-templates.json`, `images/<sha256>.<png|jpg|webp|gif>` (exported cards and template logos) and `contact-messages.json`.
 */
export async function exportEverything(db: Queryable, exportedBy: string, now = new Date()): Promise<Uint8Array> {
  const templates = await db.query<{ id: string }>(
    `SELECT t.id, t.title, t.description, t.template_content AS "templateContent", t.category, t.version,
       t.created_at AS "createdAt", t.updated_at AS "savedAt", u.username AS "savedBy", t.deleted_at AS "deletedAt"
     FROM proposal_templates t LEFT JOIN staff_users u ON u.id = COALESCE(t.updated_by, t.created_by) ORDER BY t.created_at`,
  );
  const versions = await db.query<{ templateId: string }>(
    `SELECT v.template_id AS "templateId", v.version, v.title, v.description, v.template_content AS "templateContent",
       v.category, u.username AS "savedBy", v.saved_at AS "savedAt"
     FROM proposal_template_versions v LEFT JOIN staff_users u ON u.id = v.saved_by ORDER BY v.template_id, v.version DESC`,
  );
  const signatures = await db.query(
    `SELECT s.id, u.username AS owner, s.is_company AS "isCompanyTemplate", s.name, s.description, s.form_data AS "formData",
       s.elements, s.global_settings AS "globalSettings", s.html_content AS "htmlContent", s.logo_url AS "logoUrl",
       s.created_at AS "createdAt"
     FROM signature_templates s LEFT JOIN staff_users u ON u.id = s.owner_id ORDER BY s.created_at`,
  );
  const images = await allImages(db);
  const messages = await db.query(
    `SELECT id, first_name AS "firstName", last_name AS "lastName", email, phone, project_type AS "projectType", message,
       handled, spam_reason AS "spamReason", held, created_at AS "createdAt" FROM contact_messages ORDER BY created_at`,
  );
  const files: Zippable = {
    "manifest.json": json({
      format: EXPORT_FORMAT,
      exportedAt: now.toISOString(),
      exportedBy,
      counts: {
        proposalTemplates: templates.length,
        signatureTemplates: signatures.length,
        images: images.length,
        contactMessages: messages.length,
      },
    }),
    "signature-templates.json": json(signatures),
    "contact-messages.json": json(messages),
  };
  for (const template of templates)
    files[`proposal-templates/${template.id}.json`] = json({
      format: EXPORT_FORMAT,
      template,
      versions: versions.filter((v) => v.templateId === template.id),
    });
  for (const image of images) files[`images/${image.file}`] = image.bytes;
  return zipSync(files, { level: 6 });
}

/** What a restore did: the template came back as it was in the file, as a new version of the live one. */
export type RestoreOutcome = "created" | "new-version";

/**
 * Restores a proposal template from its exported file's `template`: a template that still exists (in the
 * Trash or not) gets the file's content as a new version (and leaves the Trash); one that is gone is created
 * again under its id.
 */
export async function restoreTemplate(
  db: Db,
  id: string,
  input: ProposalTemplateInput,
  actor: Actor,
): Promise<RestoreOutcome> {
  await db.query("UPDATE proposal_templates SET deleted_at = NULL, deleted_by = NULL WHERE id = $1", [id]);
  if (await getTemplate(db, id)) {
    await saveVersion(db, id, input, actor, {});
    return "new-version";
  }
  await db.transaction(async (tx) => {
    const content = await admitTemplateContent(tx, input.templateContent, actor.staff.id);
    await tx.query(
      `INSERT INTO proposal_templates (id, title, description, template_content, category, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $6)`,
      [id, input.title, input.description ?? null, content, input.category, actor.staff.id],
    );
    await audit(tx, { action: "template.restore", targetId: id, ...auditFor(actor) });
  });
  return "created";
}
