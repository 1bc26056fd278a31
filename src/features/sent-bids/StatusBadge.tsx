import { cn } from "~/lib/cn";
import type { BidStatus } from "~/schemas/bids";
import { STATUS_LOOK } from "./bids";

/** A bid's status as a badge: its word always shown, its icon and colour only adding to it. */
export function StatusBadge({ status, className }: { status: BidStatus; className?: string }) {
  const look = STATUS_LOOK[status];
  return (
    <span
      data-status={status}
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap",
        look.className,
        className,
      )}
    >
      <span aria-hidden="true">{look.icon}</span>
      {look.label}
    </span>
  );
}

/** "Signed PDF ready" or "Sealing failed — retrying" for an accepted bid; nothing otherwise. */
export function SealNote({ state }: { state: "ready" | "failed" | null }) {
  if (state === "ready") return <span className="text-xs font-semibold text-green-800">Signed PDF ready</span>;
  if (state === "failed") return <span className="text-xs font-semibold text-red-800">Sealing failed — retrying</span>;
  return null;
}
