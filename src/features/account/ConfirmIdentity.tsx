import { useStore } from "@nanostores/react";
import { lazy, useEffect } from "react";
import { DeferredDialog } from "~/components/ui/deferred-dialog";
import { onConfirmationRequired } from "~/lib/api-client";
import { $confirming, askToConfirm } from "./confirm-store";

// The dialog's code (Radix Dialog, the form) loads the first time a change needs a confirmation.
const ConfirmIdentityDialog = lazy(() =>
  import("./ConfirmIdentityDialog").then((m) => ({ default: m.ConfirmIdentityDialog })),
);

/**
 * Mounted once per portal page: while it is, a sensitive change the API refuses for want of a recent
 * confirmation opens the dialog, and the change goes through once the person confirmed.
 */
export function ConfirmIdentity() {
  const settle = useStore($confirming);
  useEffect(() => onConfirmationRequired(askToConfirm), []);
  return (
    <DeferredDialog open={settle !== null}>
      <ConfirmIdentityDialog open={settle !== null} onSettled={(confirmed) => settle?.(confirmed)} />
    </DeferredDialog>
  );
}
