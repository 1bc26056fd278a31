import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useRef, type ComponentProps, type ReactNode } from "react";
import { cn } from "~/lib/cn";
import { Button } from "./button";
import { Icon } from "./icon";

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

/**
 * A centred modal panel with an overlay, a title and a close button. Closing it puts the focus back on
 * what had it when it opened (the button that opened it): the dialogs open from state, without a Radix
 * trigger, which is what Radix would otherwise return the focus to.
 */
export function DialogContent({
  className,
  children,
  title,
  description,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { title: ReactNode; description?: ReactNode }) {
  const opener = useRef<Element | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay data-slot="dialog-overlay" className="fixed inset-0 z-50 bg-navy-950/60" />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        // Without a description Radix warns unless aria-describedby is explicitly absent.
        {...(description ? {} : { "aria-describedby": undefined })}
        onOpenAutoFocus={(event) => {
          opener.current = document.activeElement;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
        }}
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg bg-white p-6 shadow-xl",
          className,
        )}
        {...props}
      >
        <div className="grid gap-1 pr-6">
          <DialogPrimitive.Title className="text-lg font-bold text-navy-950">{title}</DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className="text-sm text-navy-600">{description}</DialogPrimitive.Description>
          )}
        </div>
        {children}
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute top-4 right-4 rounded p-1 text-navy-600 hover:bg-navy-100"
        >
          <Icon name="x" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The row of buttons at the bottom of a dialog. */
export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

/** Cancel and Save at the foot of a save dialog's form; Save reads "Saving..." while `saving`. */
export function DialogSaveFooter({ saving }: { saving: boolean }) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">Cancel</Button>
      </DialogClose>
      <Button type="submit" variant="accent" disabled={saving}>
        {saving ? "Saving..." : "Save"}
      </Button>
    </DialogFooter>
  );
}
