import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useStore } from "@nanostores/react";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { PortalBrand } from "./PortalFrame";
import { PortalNav } from "./PortalNav";
import { $session } from "./session-store";

/**
 * One menu button that opens the navigation as a sheet from the left (where the screen has no sidebar: phones,
 * and the wide tools at any width). A modal dialog: the focus stays inside, Escape and the close button shut
 * it, and the focus goes back to the button.
 */
export function PortalMenu({ current, className }: { current?: string; className?: string }) {
  const { data: session } = useStore($session);
  return (
    <DialogPrimitive.Root>
      <DialogPrimitive.Trigger
        aria-label="Menu"
        className={cn(
          "grid size-11 shrink-0 place-items-center rounded-md text-navy-900 hover:bg-navy-50 focus-visible:outline-2 focus-visible:outline-gold-500",
          className,
        )}
      >
        <Icon name="menu" className="size-6" />
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-navy-950/60" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
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
