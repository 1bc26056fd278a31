import { TEXT_LIMITS } from "./limits";
import { DEFAULT_TEMPLATE_CATEGORY, TEMPLATE_CATEGORIES } from "./proposal-fields";
import { z } from "./zod";

/** A proposal template as the API returns it, shared by all staff. */
export const proposalTemplateSchema = z.object({
  id: z.uuid(),
  title: z.string().check(z.trim(), z.minLength(1, "Title is required"), z.maxLength(TEXT_LIMITS.title)),
  description: z.nullish(z.string().check(z.trim(), z.maxLength(TEXT_LIMITS.description))),
  templateContent: z
    .string()
    .check(z.minLength(1, "Template content is required"), z.maxLength(TEXT_LIMITS.templateContent)),
  category: z._default(z.enum(TEMPLATE_CATEGORIES), DEFAULT_TEMPLATE_CATEGORY),
  createdAt: z.iso.datetime(),
});

/** Body of POST and PUT /api/portal/templates: `id` and `createdAt` are ignored (zod strips them). */
export const proposalTemplateInputSchema = z.omit(proposalTemplateSchema, { id: true, createdAt: true });

/**
 * A list entry without templateContent (GET /api/portal/templates?view=summary): what the Load
 * dialog and the dashboard show, small whatever the templates hold (a proposal with a logo is up to 300 KB).
 */
export const proposalTemplateSummarySchema = z.omit(proposalTemplateSchema, { templateContent: true });

export type ProposalTemplate = z.infer<typeof proposalTemplateSchema>;
export type ProposalTemplateInput = z.infer<typeof proposalTemplateInputSchema>;
export type ProposalTemplateSummary = z.infer<typeof proposalTemplateSummarySchema>;

/** Who saved a version of a template and when (the username is null once the account is gone). */
const savedSchema = z.object({ version: z.int(), savedBy: z.nullable(z.string()), savedAt: z.iso.datetime() });

/** One entry of GET /api/portal/templates/:id/versions, newest first; `current` marks the live version. */
export const templateVersionSummarySchema = z.extend(savedSchema, {
  title: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  current: z.boolean(),
});

/** One version in full (GET /api/portal/templates/:id/versions/:version), opened read-only. */
export const templateVersionSchema = z.extend(z.omit(proposalTemplateSchema, { createdAt: true }), savedSchema.shape);

/** A 409 to a save made on an older version: who saved the current one, and when. */
export const templateConflictSchema = z.extend(savedSchema, { error: z.string(), code: z.literal("version_conflict") });

/** An entry of the Trash: the summary, when it was deleted and by whom, and when it will be purged. */
export const trashedTemplateSchema = z.extend(proposalTemplateSummarySchema, {
  deletedAt: z.iso.datetime(),
  deletedBy: z.nullable(z.string()),
  purgeAt: z.iso.datetime(),
});

export type TemplateVersionSummary = z.infer<typeof templateVersionSummarySchema>;
export type TemplateVersion = z.infer<typeof templateVersionSchema>;
export type TemplateConflict = z.infer<typeof templateConflictSchema>;
export type TrashedTemplate = z.infer<typeof trashedTemplateSchema>;
export type TemplateRestore = z.input<typeof templateRestoreSchema>;

/**
 * Body of POST /api/portal/template-restore: the `template` of an exported `proposal-templates/<id>.json`
 * (its other fields, and the file's versions, are not needed).
 */
export const templateRestoreSchema = z.object({
  template: z.extend(proposalTemplateInputSchema, { id: z.uuid() }),
});
