import { useStore } from "@nanostores/react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/components/ui/dialog";
import type { BidSummary } from "~/schemas/bids";
import { $bidBusy, withdraw } from "./store";

interface Props {
  bid: Pick<BidSummary, "id" | "projectName" | "client">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Asks before a bid is withdrawn: the client's link stops working, and that cannot be undone (only re-issued). */
export function WithdrawDialog({ bid, open, onOpenChange }: Props) {
  const busy = useStore($bidBusy);
  const confirm = async () => {
    // A refusal has its toast; asking again would get the same answer.
    await withdraw(bid.id);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Withdraw this proposal?"
        description={`${bid.client} can no longer sign "${bid.projectName}": the link tells them it was withdrawn. You can re-issue it later.`}
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep it open</Button>
          </DialogClose>
          <Button variant="destructive" disabled={busy} onClick={() => void confirm()}>
            {busy ? "Withdrawing..." : "Withdraw"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
