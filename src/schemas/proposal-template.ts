import * as z from "zod";
import { TEXT_LIMITS } from "../config/api";

/** Proposal template categories (spec 3, spec 9). */
export const TEMPLATE_CATEGORIES = ["residential", "multifamily", "commercial"] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** Category a new dashboard template starts with (spec 4). */
export const DEFAULT_TEMPLATE_CATEGORY: TemplateCategory = "residential";

/** A proposal template as the API returns it (spec 3, spec 7). */
export const proposalTemplateSchema = z.object({
  id: z.uuid(),
  title: z.string().trim().min(1, "Title is required").max(TEXT_LIMITS.title),
  description: z.string().trim().max(TEXT_LIMITS.description).nullish(),
  templateContent: z.string().min(1, "Template content is required").max(TEXT_LIMITS.templateContent),
  category: z.enum(TEMPLATE_CATEGORIES).default(DEFAULT_TEMPLATE_CATEGORY),
  createdAt: z.iso.datetime(),
});

/** Body of POST and PUT /api/portal/templates: `id` and `createdAt` are ignored (zod strips them). */
export const proposalTemplateInputSchema = proposalTemplateSchema.omit({ id: true, createdAt: true });

/**
 * A list entry without templateContent (GET /api/portal/templates?view=summary): what the Load
 * dialog shows, small whatever the templates hold (issue 9, "Small templates").
 */
export const proposalTemplateSummarySchema = proposalTemplateSchema.omit({ templateContent: true });

export type ProposalTemplate = z.infer<typeof proposalTemplateSchema>;
export type ProposalTemplateInput = z.infer<typeof proposalTemplateInputSchema>;
export type ProposalTemplateSummary = z.infer<typeof proposalTemplateSummarySchema>;
