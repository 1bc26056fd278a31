/** The dashboard's proposal templates: form values, validation and the category look (pure, tested). */
import type { PortalIconName } from "~/components/ui/portal-icons";
import {
  DEFAULT_TEMPLATE_CATEGORY,
  proposalTemplateInputSchema,
  type ProposalTemplate,
  type ProposalTemplateInput,
  type TemplateCategory,
} from "~/schemas/proposal-template";

/** The template form's fields as typed (spec 2: title, description, templateContent, category). */
export interface TemplateFormValues {
  title: string;
  description: string;
  templateContent: string;
  category: TemplateCategory;
}

/** An empty form: what save and cancel reset it to (spec 4). */
export const EMPTY_TEMPLATE_FORM: TemplateFormValues = {
  title: "",
  description: "",
  templateContent: "",
  category: DEFAULT_TEMPLATE_CATEGORY,
};

export type TemplateFormErrors = Partial<Record<keyof TemplateFormValues, string>>;

/** The form filled from a saved template, for editing. */
export function formFromTemplate(template: ProposalTemplate): TemplateFormValues {
  return {
    title: template.title,
    description: template.description ?? "",
    templateContent: template.templateContent,
    category: template.category,
  };
}

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

/** Field labels, shared by the form and its messages. */
export const LABELS: Record<keyof TemplateFormValues, string> = {
  title: "Title",
  description: "Description",
  templateContent: "Template content",
  category: "Category",
};

/** How each category looks on a card (spec 2: residential blue, multifamily green, commercial purple). */
export const CATEGORY_LOOK: Record<TemplateCategory, { label: string; icon: PortalIconName; className: string }> = {
  residential: { label: "Residential", icon: "house", className: "bg-blue-100 text-blue-800" },
  multifamily: { label: "Multifamily", icon: "building", className: "bg-green-100 text-green-800" },
  commercial: { label: "Commercial", icon: "briefcase", className: "bg-purple-100 text-purple-800" },
};

/** A template's creation date as staff read it, e.g. "Nov 22, 2026". */
export function formatCreated(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ""
    : date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}
