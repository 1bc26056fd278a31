/**
 * Restoring a proposal template from the file the export's ZIP holds for it, as a new version (audited).
 */
import type { ProposalTemplateInput } from "~/schemas/proposal-template";
import { actorEntry, audit } from "~/server/activity/audit";
import type { Actor } from "~/server/auth/middleware";
import type { Db } from "~/server/db";
import { admitTemplateContent, saveVersion } from "~/server/templates/commands";
import { getTemplate } from "~/server/templates/queries";

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
    await audit(tx, { action: "template.restore", targetId: id, ...actorEntry(actor) });
  });
  return "created";
}
