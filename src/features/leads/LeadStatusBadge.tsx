import { cn } from "~/lib/cn";
import type { LeadStatus } from "~/schemas/lead-fields";
import { LEAD_STATUS_LOOK } from "./leads";

/** A lead's status as a badge: the word always shown, the colour only adding to it. */
export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  const look = LEAD_STATUS_LOOK[status];
  return (
    <span
      data-status={status}
      className={cn("rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap", look.className)}
    >
      {look.label}
    </span>
  );
}

/** "Overdue" in words beside the red edge, so the mark does not rest on colour alone. */
export function OverdueMark() {
  return (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold whitespace-nowrap text-red-800">
      Overdue
    </span>
  );
}
