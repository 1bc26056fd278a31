/**
 * The Proposals screen's state: the pipeline list and its status filter, the bid opened, and the actions on
 * it (the PDF, withdraw, re-issue). Opening the screen tells the API its updates were seen, so the top bar's
 * count starts again.
 */
import { atom, computed } from "nanostores";
import { createFetcherStore, FETCHED_EACH_TIME, mutateCache, revalidateKeys } from "~/portal/query";
import { $session, SESSION_KEY } from "~/portal/session-store";
import { failureToast } from "~/portal/use-action";
import { api, ApiError, read } from "~/lib/api-client";
import { toast, type ToastMessage } from "~/lib/toast";
import type { BidDetail, BidSummary } from "~/schemas/bids";
import { filterBids, type BidFilter } from "./bids";
import { expiryChoice } from "~/lib/bid-days";
import { bidsMessages } from "./messages";

/** The query key of the pipeline list, and the prefix of one bid's. */
export const BIDS_KEY = "bids";
const BID_KEY = "bid:";

/** Every bid, fetched each time the screen shows it (clients open and sign meanwhile). */
export const $bids = createFetcherStore<BidSummary[]>([BIDS_KEY], {
  ...FETCHED_EACH_TIME,
  fetcher: () => read(api.portal.bids.$get()),
});

export const $bidFilter = atom<BidFilter>("all");

/** The bids the filter shows. */
export const $shownBids = computed([$bids, $bidFilter], ({ data }, filter) => (data ? filterBids(data, filter) : []));

/** The bid whose detail is open; "" for the list. */
export const $openBidId = atom("");

/** The open bid's detail, fetched each time it opens. */
export const $openBid = createFetcherStore<BidDetail>([BID_KEY, $openBidId], {
  ...FETCHED_EACH_TIME,
  fetcher: (_, id) => read(api.portal.bids[":id"].$get({ param: { id: String(id) } })),
});

/** True while an action on the open bid runs (its buttons wait). */
export const $bidBusy = atom(false);

/** Shows one bid's detail (and remembers it in the address, so Back returns to the list). */
export function openBid(id: string): void {
  $openBidId.set(id);
  history.pushState(null, "", id ? `#${id}` : location.pathname);
}

/** Back to the list. */
export function closeBid(): void {
  openBid("");
}

/** Follows the address's fragment (a shared link, the browser's Back and Forward). */
export function followAddress(): () => void {
  const follow = () => $openBidId.set(decodeURIComponent(location.hash.slice(1)));
  follow();
  window.addEventListener("popstate", follow);
  return () => window.removeEventListener("popstate", follow);
}

/** The top bar's count without the updates just seen, when the session is in. */
function clearCount(): void {
  const session = $session.get().data;
  if (session?.bidUpdates) void mutateCache(SESSION_KEY, { ...session, bidUpdates: 0 });
}

/**
 * The updates are seen: the count resets in the top bar at once and on the server. A session read sent before
 * the server had the reset may still carry the old count, and may answer after it (the screen's first read
 * starts with the page): it is awaited, and the count cleared once more after it. A read sent later counts
 * from the reset.
 */
export async function markSeen(): Promise<void> {
  clearCount();
  try {
    await read(api.portal.bids.seen.$post());
    await $session.get().promise?.catch(() => undefined);
    clearCount();
  } catch (error) {
    console.error("Bid updates not marked seen:", error);
  }
}

/** Fetches the list and the open bid again. */
export function reloadBids(): void {
  $bids.invalidate();
  $openBid.invalidate();
}

/** Runs an action on bid `id`, with its toasts; 403 means only the sender or an admin may. */
async function act(id: string, action: () => Promise<unknown>, done: ToastMessage, failed: ToastMessage) {
  if ($bidBusy.get()) return false;
  $bidBusy.set(true);
  try {
    await action();
    toast(done);
    // Read again in place: the bid stays on screen while its new state arrives.
    void revalidateKeys([BIDS_KEY, `${BID_KEY}${id}`]);
    return true;
  } catch (error) {
    console.error("Bid action failed:", error);
    toast(error instanceof ApiError && error.status === 403 ? bidsMessages.notYours : failureToast(error, failed));
    return false;
  } finally {
    $bidBusy.set(false);
  }
}

/** Withdraws bid `id`: its links then say so. */
export function withdraw(id: string): Promise<boolean> {
  const withdrawal = () => read(api.portal.bids[":id"].withdraw.$post({ param: { id } }));
  return act(id, withdrawal, bidsMessages.withdrawn, bidsMessages.withdrawFailed);
}

/** Mails signer `signer` of bid `id` a fresh link to the open version (the links they have keep working). */
export function resend(id: string, signer: { id: string; email: string }): Promise<boolean> {
  const resending = () => read(api.portal.bids[":id"].resend.$post({ param: { id }, json: { signerId: signer.id } }));
  return act(id, resending, bidsMessages.resent(signer.email), bidsMessages.resendFailed);
}

/** Sends bid `id` again to the same signers, open until `expiresOn` (30 days from today unless chosen). */
export function reissue(id: string, expiresOn: string = expiryChoice(new Date()).value): Promise<boolean> {
  const reissuing = () => read(api.portal.bids[":id"].reissue.$post({ param: { id }, json: { expiresOn } }));
  return act(id, reissuing, bidsMessages.reissued, bidsMessages.reissueFailed);
}

/** Downloads the bid's PDF (the sealed one once it exists): what the client sees, for staff to check. */
export async function downloadPdf(bid: Pick<BidSummary, "id" | "sealed">): Promise<void> {
  try {
    // A failure has thrown its ApiError already; what comes back is the file, named by the API.
    const response = await api.portal.bids[":id"].pdf.$get({ param: { id: bid.id } });
    const fileName = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
    const blob = await response.blob();
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = fileName ?? `${bid.sealed ? "signed" : "proposal"}.pdf`;
    link.click();
    // The click has handed the file to the browser; the URL is no longer needed after this turn.
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  } catch (error) {
    console.error("Bid PDF not downloaded:", error);
    toast(failureToast(error, bidsMessages.pdfFailed));
  }
}
