import { useStore } from "@nanostores/react";
import { lazy, useState } from "react";
import { DeferredDialog } from "~/components/ui/deferred-dialog";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input, Label } from "~/components/ui/input";
import type { BidDetail } from "~/schemas/bids";
import { canReissue, canWithdraw } from "./bids";
import { expiryChoice } from "~/lib/bid-days";
import { $bidBusy, downloadPdf, reissue } from "./store";

// The confirmation's code (Radix Dialog) loads the first time Withdraw is pressed.
const WithdrawDialog = lazy(() => import("./WithdrawDialog").then((m) => ({ default: m.WithdrawDialog })));

/** Download PDF always; Withdraw while a link is open; Re-issue, with its new expiry, once it is closed. */
export function BidActions({ bid }: { bid: BidDetail }) {
  const busy = useStore($bidBusy);
  const [withdrawing, setWithdrawing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [bounds] = useState(() => expiryChoice(new Date()));
  const [expiresOn, setExpiresOn] = useState(bounds.value);
  const download = async () => {
    setDownloading(true);
    await downloadPdf(bid);
    setDownloading(false);
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Button variant="outline" disabled={downloading} onClick={() => void download()}>
        <Icon name="download" /> {downloading ? "Downloading..." : "Download PDF"}
      </Button>
      {canWithdraw(bid.status) && (
        <Button variant="destructive" disabled={busy} onClick={() => setWithdrawing(true)}>
          <Icon name="x" /> Withdraw
        </Button>
      )}
      {(canReissue(bid.status) || !!bid.codesSpentBy) && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid grid-cols-1 gap-1">
            <Label htmlFor="reissue-expiry">New expiry</Label>
            <Input
              id="reissue-expiry"
              type="date"
              min={bounds.min}
              max={bounds.max}
              value={expiresOn}
              onChange={(event) => setExpiresOn(event.target.value)}
              className="w-44"
            />
          </div>
          <Button variant="accent" disabled={busy || !expiresOn} onClick={() => void reissue(bid.id, expiresOn)}>
            <Icon name="rotate-ccw" /> Re-issue
          </Button>
        </div>
      )}
      <DeferredDialog open={withdrawing}>
        <WithdrawDialog bid={bid} open={withdrawing} onOpenChange={setWithdrawing} />
      </DeferredDialog>
    </div>
  );
}
