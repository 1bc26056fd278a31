/** The dashboard's proposal templates: form values and the category look (pure, tested); checks in template-check.ts. */
import type { IconName } from "~/components/ui/icon-set";
import { DEFAULT_TEMPLATE_CATEGORY, type TemplateCategory } from "~/schemas/proposal-fields";
import type { ProposalTemplate } from "~/schemas/proposal-template";

/** The template form's fields as typed: title, description, templateContent, category. */
export interface TemplateFormValues {
  title: string;
  description: string;
  templateContent: string;
  category: TemplateCategory;
}

/** An empty form on the default category: what a new form starts with, and what save and cancel reset it to. */
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

/** Field labels, shared by the form and its messages. */
export const LABELS: Record<keyof TemplateFormValues, string> = {
  title: "Title",
  description: "Description",
  templateContent: "Template content",
  category: "Category",
};

/** How each category looks on a card: residential blue, multifamily green, commercial purple. */
export const CATEGORY_LOOK: Record<TemplateCategory, { label: string; icon: IconName; className: string }> = {
  residential: { label: "Residential", icon: "house", className: "bg-blue-100 text-blue-800" },
  multifamily: { label: "Multifamily", icon: "building-complex", className: "bg-green-100 text-green-800" },
  commercial: { label: "Commercial", icon: "briefcase", className: "bg-purple-100 text-purple-800" },
};

/** One formatter for every list row: toLocaleDateString builds a new one per call, slow across 200 rows. */
const CREATED_DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** A template's creation date as staff read it, e.g. "Nov 22, 2026". */
export function formatCreated(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : CREATED_DATE.format(date);
}

/** When a version was saved, as staff read it, e.g. "on Nov 22, 2026 at 3:04 PM". */
export function formatSaved(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const day = date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
  return `on ${day} at ${date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" })}`;
}
