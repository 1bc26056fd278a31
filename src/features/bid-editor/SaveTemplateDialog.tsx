import { useStore } from "@nanostores/react";
import type { SubmitEvent } from "react";
import { Dialog, DialogContent, DialogSaveFooter } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { TEXT_LIMITS } from "~/schemas/limits";
import { portalMessages } from "~/portal/messages";
import {
  $nameError,
  $saveDraft,
  $saveOpen,
  $saving,
  saveProposalTemplate,
  setDraftField,
  setSaveOpen,
} from "./template-store";

/** Save Template: a name, an optional description, Cancel and Save ("Saving..." while it runs). */
export function SaveTemplateDialog() {
  const open = useStore($saveOpen);
  const draft = useStore($saveDraft);
  const saving = useStore($saving);
  const nameError = useStore($nameError);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void saveProposalTemplate();
  };

  return (
    <Dialog open={open} onOpenChange={setSaveOpen}>
      <DialogContent
        title="Save Template"
        description="Saves this proposal as a multifamily template that every staff member can load."
      >
        <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
          <Field label="Template Name" error={nameError ? portalMessages.nameRequired.description : undefined}>
            {(control) => (
              <Input
                {...control}
                required
                maxLength={TEXT_LIMITS.title}
                value={draft.name}
                onChange={(event) => setDraftField("name", event.target.value)}
              />
            )}
          </Field>
          <Field label="Description (Optional)">
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                maxLength={TEXT_LIMITS.description}
                value={draft.description}
                onChange={(event) => setDraftField("description", event.target.value)}
              />
            )}
          </Field>
          <DialogSaveFooter saving={saving} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
