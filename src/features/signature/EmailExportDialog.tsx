import { useStore } from "@nanostores/react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { GMAIL_SIGNATURE_LIMIT } from "./constants";
import { SIGNATURE_CANVAS } from "~/schemas/signature";
import { cn } from "~/lib/cn";
import { $emailExport, $emailExportOpen, copyForEmailClients } from "./export-actions";

const count = (n: number) => n.toLocaleString("en-US");

/** 'Copy for Gmail/Outlook': progress, the stored image, and each export's length against Gmail's limit. */
export function EmailExportDialog() {
  const open = useStore($emailExportOpen);
  const state = useStore($emailExport);
  return (
    <Dialog open={open} onOpenChange={$emailExportOpen.set}>
      <DialogContent
        title="Copy for Gmail/Outlook"
        description="Gmail and classic Outlook drop positioned text and background images, so this copy is the card as one image with live phone and e-mail links under it."
        className="max-w-2xl"
      >
        {state.status === "working" && (
          <p role="status" className="py-4 text-center text-sm font-semibold text-navy-700">
            Creating the signature image...
          </p>
        )}
        {state.status === "done" && (
          <div className="grid grid-cols-1 gap-2">
            <p role="status" className="text-sm font-semibold text-green-800">
              Copied. Paste it into the signature box of Gmail or Outlook.
            </p>
            <img
              src={state.imagePath}
              width={SIGNATURE_CANVAS.width}
              height={SIGNATURE_CANVAS.height}
              alt="The signature image that was copied"
              className="h-auto w-full rounded ring-1 ring-navy-900/10"
            />
          </div>
        )}
        {state.status === "failed" && (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            The signature image could not be created.{" "}
            <Button variant="outline" size="sm" onClick={() => void copyForEmailClients()}>
              Try again
            </Button>
          </div>
        )}
        {state.status !== "working" && (
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left font-semibold text-navy-900">
              Length of each export (Gmail refuses signatures over {count(GMAIL_SIGNATURE_LIMIT)} characters)
            </caption>
            <thead>
              <tr className="border-b border-navy-100 text-xs text-navy-600">
                <th scope="col" className="py-1 font-semibold">
                  Export
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  Characters
                </th>
              </tr>
            </thead>
            <tbody>
              {state.sizes.map((size) => (
                <tr key={size.label} className="border-b border-navy-100 last:border-0">
                  <th scope="row" className="py-1.5 font-normal">
                    {size.label}
                    {size.overGmailLimit && (
                      <span className="block text-xs font-semibold text-red-700">
                        Too long for Gmail: use Copy for Gmail/Outlook.
                      </span>
                    )}
                  </th>
                  <td className={cn("py-1.5 text-right tabular-nums", size.overGmailLimit && "font-bold text-red-700")}>
                    {count(size.characters)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
