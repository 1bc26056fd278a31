import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import type { ReactNode } from "react";
import { TOOLTIP_DELAYS } from "~/config/ui";

/** Tooltips with spec 9's delays; wrap a portal page once. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAYS.openMs} skipDelayDuration={TOOLTIP_DELAYS.skipMs}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

/** Shows `label` on hover or focus of its single child. */
export function Tooltip({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          data-slot="tooltip"
          sideOffset={6}
          className="z-50 rounded bg-navy-950 px-2 py-1 text-xs text-white shadow"
        >
          {label}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
