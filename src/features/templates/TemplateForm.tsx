import { useId, useState, type SubmitEvent } from "react";
import { Button } from "~/components/ui/button";
import { fieldClass, Input, Label, Textarea } from "~/components/ui/input";
import { TEMPLATE_CATEGORIES } from "~/schemas/proposal-template";
import { CATEGORY_LOOK, LABELS, type TemplateFormErrors, type TemplateFormValues } from "./templates";
import { closeEditor, saveTemplate } from "./store";

/** The new-template / edit form (spec 2): title, description, template content, category. */
export function TemplateForm({ start, editing }: { start: TemplateFormValues; editing: boolean }) {
  const id = useId();
  const [values, setValues] = useState(start);
  const [errors, setErrors] = useState<TemplateFormErrors>({});
  const [saving, setSaving] = useState(false);

  const set =
    <K extends keyof TemplateFormValues>(key: K) =>
    (value: TemplateFormValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }));

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const form = event.currentTarget;
    setSaving(true);
    const result = await saveTemplate(values);
    setSaving(false);
    if (result.saved) return;
    setErrors(result.errors);
    const first = Object.keys(result.errors)[0];
    if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
  };

  const describedBy = (field: keyof TemplateFormValues) => (errors[field] ? `${id}-${field}-error` : undefined);
  const error = (field: keyof TemplateFormValues) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="text-sm font-medium text-red-700">
        {errors[field]}
      </p>
    );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-heading`}
      className="grid gap-4 rounded-lg border border-navy-100 bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {editing ? "Edit template" : "New template"}
      </h2>
      <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-title`}>{LABELS.title}</Label>
          <Input
            id={`${id}-title`}
            name="title"
            required
            value={values.title}
            onChange={(e) => set("title")(e.target.value)}
            aria-invalid={!!errors.title || undefined}
            aria-describedby={describedBy("title")}
          />
          {error("title")}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-category`}>{LABELS.category}</Label>
          <select
            id={`${id}-category`}
            name="category"
            value={values.category}
            onChange={(e) => set("category")(e.target.value as TemplateFormValues["category"])}
            className={`${fieldClass} h-10`}
          >
            {TEMPLATE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LOOK[c].label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-description`}>
          {LABELS.description} <span className="font-normal text-navy-600">(optional)</span>
        </Label>
        <Input
          id={`${id}-description`}
          name="description"
          value={values.description}
          onChange={(e) => set("description")(e.target.value)}
          aria-invalid={!!errors.description || undefined}
          aria-describedby={describedBy("description")}
        />
        {error("description")}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-templateContent`}>{LABELS.templateContent}</Label>
        <Textarea
          id={`${id}-templateContent`}
          name="templateContent"
          required
          rows={10}
          value={values.templateContent}
          onChange={(e) => set("templateContent")(e.target.value)}
          aria-invalid={!!errors.templateContent || undefined}
          aria-describedby={describedBy("templateContent")}
          className="font-mono"
        />
        {error("templateContent")}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={closeEditor}>
          Cancel
        </Button>
        <Button type="submit" variant="accent" disabled={saving}>
          {saving ? "Saving..." : editing ? "Update Template" : "Save Template"}
        </Button>
      </div>
    </form>
  );
}
