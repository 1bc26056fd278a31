/**
 * The dashboard's template form checked with the API's own schema. Loaded when the form is saved: the
 * schema brings zod, which the dashboard and the proposal editor (it lists templates too) need no earlier.
 */
import { proposalTemplateInputSchema, type ProposalTemplateInput } from "~/schemas/proposal-template";
import { LABELS, type TemplateFormErrors, type TemplateFormValues } from "./templates";

/** Checks the form with the API's own schema: the request body, or one message per invalid field. */
export function validateTemplateForm(
  values: TemplateFormValues,
): { ok: true; input: ProposalTemplateInput } | { ok: false; errors: TemplateFormErrors } {
  const parsed = proposalTemplateInputSchema.safeParse({ ...values, description: values.description.trim() || null });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: TemplateFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof TemplateFormValues;
    errors[field] ??= issue.code === "too_big" ? `${LABELS[field]} is too long` : issue.message;
  }
  return { ok: false, errors };
}
