import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { TEMPLATE_KEEP } from "~/schemas/limits";
import { deleteTemplate, type ListedTemplate } from "./store";

/** Asks before a template is deleted for everyone; Delete reads "Deleting..." while it runs. */
export function DeleteTemplateDialog({
  template,
  open,
  onOpenChange,
}: {
  template: ListedTemplate;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    await deleteTemplate(template.id);
    setDeleting(false);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Delete this template?"
        description={`"${template.title}" moves to the Trash for everyone. It can be restored from there for ${TEMPLATE_KEEP.trashDays} days.`}
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={deleting} onClick={remove}>
            {deleting ? "Deleting..." : "Delete"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
