import { useStore } from "@nanostores/react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { $uploadOpen, uploadLogo } from "./store";

/** 'Upload HTML Logo': an .html file whose first element carries the logo as inline styles. */
export function LogoUploadDialog() {
  const open = useStore($uploadOpen);
  return (
    <Dialog open={open} onOpenChange={$uploadOpen.set}>
      <DialogContent
        title="Upload HTML Logo"
        description="Choose an HTML file whose first element draws the logo with inline styles (position, size, colours, background image, border)."
      >
        <Field label="HTML logo file">
          {(control) => (
            <Input
              {...control}
              type="file"
              accept=".html,text/html"
              className="h-auto cursor-pointer file:mr-3 file:rounded file:bg-navy-900 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-white"
              onChange={(event) => {
                const input = event.currentTarget;
                const file = input.files?.[0];
                // Cleared so choosing the same file again (after fixing it) fires a change.
                input.value = "";
                if (file) void uploadLogo(file);
              }}
            />
          )}
        </Field>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
