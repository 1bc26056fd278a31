import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useStore } from "@nanostores/react";
import type { RefObject } from "react";
import { Icon } from "~/components/ui/icon";
import { PortalBrand } from "~/portal/PortalFrame";
import { PortalNav } from "./PortalNav";
import { $session } from "~/portal/session-store";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current?: string;
  /** The menu button, which gets the focus back when the sheet closes. */
  opener: RefObject<HTMLButtonElement | null>;
}

/**
 * The navigation as a sheet from the left: a modal dialog, so the focus stays inside, and Escape, the close
 * button or a tap outside shut it. Loaded the first time the menu button is pressed (a desk with the sidebar
 * never loads it).
 */
export function PortalMenuSheet({ open, onOpenChange, current, opener }: Props) {
  const { data: session } = useStore($session);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-navy-950/60" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,calc(100%-3rem))] flex-col gap-5 overflow-y-auto bg-white p-4 shadow-xl"
        >
          <div className="flex items-center justify-between gap-2">
            <DialogPrimitive.Title asChild>
              <h2>
                <PortalBrand />
                <span className="sr-only"> menu</span>
              </h2>
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close menu"
              className="grid size-11 shrink-0 place-items-center rounded-md text-navy-700 hover:bg-navy-100"
            >
              <Icon name="x" className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <PortalNav current={current} />
          {session && (
            <p className="mt-auto border-t border-navy-100 pt-4 text-sm text-navy-700">
              Signed in as <strong className="font-semibold text-navy-950">{session.username}</strong>
            </p>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
