import { useStore } from "@nanostores/react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { useAction } from "~/portal/use-action";
import { formatSaved } from "./templates";
import { $conflict, overwriteTheirs, reloadTheirs, saveMineAsCopy } from "./store";

/**
 * A save refused because someone saved first: says who and when, and offers the three ways out. Nothing
 * was written; closing the dialog keeps the form as typed.
 */
export function ConflictDialog() {
  const conflict = useStore($conflict);
  // Each way out toasts its own outcome; the hook only keeps the buttons waiting while one runs.
  const { pending, run } = useAction();
  const who = conflict?.theirs.savedBy ?? "Someone";
  return (
    <Dialog open={conflict !== null} onOpenChange={(open) => !open && $conflict.set(null)}>
      <DialogContent
        title="This template was changed meanwhile"
        description={
          conflict
            ? `${who} saved it ${formatSaved(conflict.theirs.savedAt)}, after you opened it. Your changes are not saved yet.`
            : ""
        }
      >
        <DialogFooter className="flex-wrap">
          <Button variant="outline" disabled={pending} onClick={() => void run(reloadTheirs)}>
            Reload theirs
          </Button>
          <Button variant="outline" disabled={pending} onClick={() => void run(saveMineAsCopy)}>
            Save mine as a copy
          </Button>
          <Button variant="destructive" disabled={pending} onClick={() => void run(overwriteTheirs)}>
            Overwrite theirs
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
