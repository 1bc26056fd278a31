import { useId, useState, type SubmitEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { fieldClass, Input, Textarea } from "~/components/ui/input";
import { TEMPLATE_CATEGORIES } from "~/schemas/proposal-fields";
import { CATEGORY_LOOK, LABELS, type TemplateFormErrors, type TemplateFormValues } from "./templates";
import { closeEditor, saveTemplate } from "./store";

/** The new-template / edit form: title, description, template content, category. */
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

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-heading`}
      className="grid grid-cols-1 gap-4 rounded-lg border border-navy-100 bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {editing ? "Edit template" : "New template"}
      </h2>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[2fr_1fr]">
        <Field label={LABELS.title} error={errors.title}>
          {(control) => (
            <Input
              {...control}
              name="title"
              required
              value={values.title}
              onChange={(e) => set("title")(e.target.value)}
            />
          )}
        </Field>
        <Field label={LABELS.category}>
          {(control) => (
            <select
              {...control}
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
          )}
        </Field>
      </div>
      <Field label={LABELS.description} hint="(optional)" error={errors.description}>
        {(control) => (
          <Input
            {...control}
            name="description"
            value={values.description}
            onChange={(e) => set("description")(e.target.value)}
          />
        )}
      </Field>
      <Field label={LABELS.templateContent} error={errors.templateContent}>
        {(control) => (
          <Textarea
            {...control}
            name="templateContent"
            required
            rows={10}
            value={values.templateContent}
            onChange={(e) => set("templateContent")(e.target.value)}
            className="font-mono"
          />
        )}
      </Field>
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
