import { lazy, useRef, useState } from "react";
import { DeferredDialog } from "~/components/ui/deferred-dialog";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";

// The sheet's code (Radix Dialog) loads the first time the menu opens, not with every screen.
const PortalMenuSheet = lazy(() => import("./PortalMenuSheet").then((m) => ({ default: m.PortalMenuSheet })));

/**
 * One menu button that opens the navigation as a sheet, where the screen has no sidebar (phones, and the wide
 * tools at any width).
 */
export function PortalMenu({ current, className }: { current?: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="Menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className={cn(
          "grid size-11 shrink-0 place-items-center rounded-md text-navy-900 hover:bg-navy-50 focus-visible:outline-2 focus-visible:outline-gold-500",
          className,
        )}
      >
        <Icon name="menu" className="size-6" />
      </button>
      <DeferredDialog open={open}>
        <PortalMenuSheet open={open} onOpenChange={setOpen} current={current} opener={button} />
      </DeferredDialog>
    </>
  );
}
