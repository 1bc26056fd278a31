/**
 * What the page's parts share: the link's secret (in memory only), the newest view, and the one way a
 * refusal is shown, so every call ends the same way for the same code.
 */
import type { BidView } from "~/schemas/bids";
import type { Failure } from "./signing-api";
import { showError, showNotice } from "./screens";
import { failureNotice } from "./status";

export interface BidContext {
  secret: string;
  view: BidView;
  /** The code confirmed on the code screen (empty until then), carried by the signature or the decline. */
  code: string;
  /** Draws a view: the screen its status and this signer's answer call for. */
  render(view: BidView): void;
  /** Asks for the view again and draws it (after a `gone`: the bid changed while the page was open). */
  reopen(): Promise<void>;
}

/**
 * Shows a refusal: a notice for those that end the visit (wrong link, too many tries, a staff session), the
 * bid's new state for `gone`, otherwise its text in `errorId` beside what failed.
 */
export function showFailure(context: BidContext | undefined, failure: Failure, errorId = "bid-alert"): void {
  const notice = failureNotice(failure);
  if (notice) return showNotice(notice);
  if (failure.code === "gone" && context) {
    void context.reopen();
    return;
  }
  showError(errorId, failure.error);
}
