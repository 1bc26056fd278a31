import { useStore } from "@nanostores/react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogSaveFooter } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Input, Textarea } from "~/components/ui/input";
import { TEXT_LIMITS } from "~/schemas/limits";
import { $customLogoStyle, $uploadOpen, clearLogo } from "./store";
import { $saveForm, $saveOpen, $saving, saveSignatureTemplate, setSaveField } from "./template-store";

/** 'Save Template': name, optional description, company mark and the HTML logo. */
export function SaveTemplateDialog() {
  const open = useStore($saveOpen);
  const form = useStore($saveForm);
  const saving = useStore($saving);
  const logo = useStore($customLogoStyle);
  return (
    <Dialog open={open} onOpenChange={$saveOpen.set}>
      <DialogContent
        title="Save Template"
        description="Templates are saved to the database and persist across sessions."
      >
        <form
          noValidate
          className="grid grid-cols-1 gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void saveSignatureTemplate();
          }}
        >
          <Field label="Template Name">
            {(control) => (
              <Input
                {...control}
                required
                maxLength={TEXT_LIMITS.signatureName}
                value={form.name}
                onChange={(e) => setSaveField("name", e.target.value)}
              />
            )}
          </Field>
          <Field label="Description" hint="(Optional)">
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                className="min-h-20"
                maxLength={TEXT_LIMITS.description}
                value={form.description}
                onChange={(e) => setSaveField("description", e.target.value)}
              />
            )}
          </Field>
          <label className="flex items-center gap-2 text-sm font-semibold text-navy-900">
            <input
              type="checkbox"
              className="size-4 accent-gold-600"
              checked={form.isCompanyTemplate}
              onChange={(e) => setSaveField("isCompanyTemplate", e.target.checked)}
            />
            Mark as Company Template
          </label>
          <div className="grid grid-cols-1 gap-2 rounded-md border border-navy-100 bg-stone-50 p-3">
            <p className="text-sm font-semibold text-navy-900">HTML Logo</p>
            <p role="status" className="text-sm text-navy-600">
              {logo
                ? "A custom HTML logo is applied and will be saved with this template."
                : "No custom logo: the standard background is used."}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => $uploadOpen.set(true)}>
                <Icon name="upload" /> Upload HTML Logo
              </Button>
              <Button variant="ghost" size="sm" disabled={!logo} onClick={clearLogo}>
                <Icon name="trash" /> Remove
              </Button>
            </div>
          </div>
          <DialogSaveFooter saving={saving} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
