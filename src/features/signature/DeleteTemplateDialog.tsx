import { useStore } from "@nanostores/react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { $deleteTarget, $deleting, deleteSignatureTemplate } from "./template-store";

/** Asks before a signature template is deleted: deleting a company template removes it for everyone. */
export function DeleteTemplateDialog() {
  const template = useStore($deleteTarget);
  const deleting = useStore($deleting);
  return (
    <Dialog open={template !== null} onOpenChange={(open) => !open && !deleting && $deleteTarget.set(null)}>
      <DialogContent
        title="Delete template?"
        description={
          template?.isCompanyTemplate
            ? `"${template.name}" is a company template: it will be removed for everyone. This cannot be undone.`
            : `"${template?.name ?? ""}" will be removed. This cannot be undone.`
        }
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={deleting}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" disabled={deleting} onClick={() => void deleteSignatureTemplate()}>
            {deleting ? "Deleting..." : "Delete"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
