import { useStore } from "@nanostores/react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { BidSummary } from "~/schemas/bids";
import { $bidBusy, reissue } from "./store";

/**
 * A signer's link that spent every wrong code can neither sign nor decline (someone else may hold it): the
 * pipeline says so, with the one click that fixes it, a re-issue with the default expiry and new links.
 */
export function CodesSpentNote({ bid }: { bid: Pick<BidSummary, "id" | "codesSpentBy" | "projectName"> }) {
  const busy = useStore($bidBusy);
  if (!bid.codesSpentBy) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-xs font-semibold text-red-800">
      Codes used up: {bid.codesSpentBy} cannot sign
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        aria-label={`Re-issue ${bid.projectName || "the proposal"} with new links`}
        onClick={() => void reissue(bid.id)}
      >
        <Icon name="rotate-ccw" /> Re-issue
      </Button>
    </span>
  );
}
