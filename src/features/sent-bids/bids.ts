/**
 * The pipeline as staff read it: each status's words and look, the status filter, what can be done to a bid
 * in each status, and how times and hashes are shown. Pure and tested; the screen's state is in store.ts.
 */
import type { BidEvent, BidEventKind, BidStatus, BidSummary } from "~/schemas/bids";
import { formatCompanyDay } from "~/lib/company-days";

/** The statuses the pipeline lists (a replaced version is never a bid's newest, so it never shows). */
export const PIPELINE_STATUSES = ["sent", "viewed", "accepted", "declined", "expired", "withdrawn"] as const;

/** The filter's choices: every bid, or one status. */
export type BidFilter = "all" | (typeof PIPELINE_STATUSES)[number];

/**
 * Each status's label and badge colours. The label is always shown, so the status never rests on colour
 * alone; the icon adds a second cue.
 */
export const STATUS_LOOK: Record<BidStatus, { label: string; icon: string; className: string }> = {
  sent: { label: "Sent", icon: "→", className: "bg-navy-100 text-navy-900" },
  viewed: { label: "Viewed", icon: "◉", className: "bg-sky-100 text-sky-900" },
  accepted: { label: "Accepted", icon: "✓", className: "bg-green-100 text-green-900" },
  declined: { label: "Declined", icon: "✕", className: "bg-red-100 text-red-900" },
  expired: { label: "Expired", icon: "⌛", className: "bg-stone-200 text-stone-900" },
  withdrawn: { label: "Withdrawn", icon: "⊘", className: "bg-stone-200 text-stone-900" },
  replaced: { label: "Replaced", icon: "↻", className: "bg-stone-200 text-stone-900" },
};

/** What each timeline entry says. */
export const EVENT_LABELS: Record<BidEventKind, string> = {
  sent: "Sent",
  viewed: "Opened the link",
  consented: "Agreed to sign electronically",
  "code-sent": "Confirmation code sent",
  "code-failed": "Wrong confirmation code",
  signed: "Signed",
  declined: "Declined",
  sealed: "Signed PDF sealed",
  "seal-failed": "Sealing failed",
  // The signer's link and the sealed PDF both: the entry's detail says which, and to whom.
  emailed: "E-mail sent",
  reminded: "Reminder sent",
  "expiry-notice": "Expiry notice sent",
  "renewal-asked": "Asked for a new bid",
  withdrawn: "Withdrawn",
  replaced: "Replaced by a new send",
};

/** The bids a filter shows, in the order the API gave them (newest send first). */
export function filterBids(bids: readonly BidSummary[], filter: BidFilter): BidSummary[] {
  return filter === "all" ? [...bids] : bids.filter((bid) => bid.status === filter);
}

/** How many bids each status holds, for the filter's labels. */
export function countByStatus(bids: readonly BidSummary[]): Record<BidFilter, number> {
  const counts = Object.fromEntries(["all", ...PIPELINE_STATUSES].map((s) => [s, 0])) as Record<BidFilter, number>;
  for (const bid of bids) {
    counts.all += 1;
    if (bid.status in counts) counts[bid.status as BidFilter] += 1;
  }
  return counts;
}

/** Withdraw takes back an open link: not one decided, withdrawn or expired (the API refuses those too). */
export function canWithdraw(status: BidStatus): boolean {
  return status === "sent" || status === "viewed";
}

/** Re-issue sends the same bid again with a new expiry: after it expired, was withdrawn or declined. */
export function canReissue(status: BidStatus): boolean {
  return status === "expired" || status === "withdrawn" || status === "declined";
}

/** The signed PDF's state for the list: ready, failing (the job retries), or nothing to say. */
export function sealState(bid: Pick<BidSummary, "status" | "sealed" | "sealFailed">): "ready" | "failed" | null {
  if (bid.sealed) return "ready";
  return bid.status === "accepted" && bid.sealFailed ? "failed" : null;
}

/** A time in the reader's own zone, short ("Nov 26, 2026, 10:47 AM"). */
export function localTime(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
}

/** The same time in UTC, for a tooltip: what the certificate prints. */
export function utcTime(iso: string): string {
  return `${iso.slice(0, 19).replace("T", " ")} UTC`;
}

/** A calendar day (`YYYY-MM-DD`) as "Dec 26, 2026", with no time zone to shift it. */
export function calendarDay(day: string): string {
  return formatCompanyDay(day, { dateStyle: "medium" });
}

/** A SHA-256 shortened for reading: its first and last 8 digits. */
export function shortHash(sha256: string): string {
  return sha256.length > 20 ? `${sha256.slice(0, 8)}…${sha256.slice(-8)}` : sha256;
}

/** The timeline newest first, whatever order it came in. */
export function newestFirst(events: readonly BidEvent[]): BidEvent[] {
  return [...events].sort((a, b) => b.at.localeCompare(a.at));
}

/** The names of a send's signers as a toast says them: "Ana Ruiz" or "Ana Ruiz and Luis Ruiz". */
export function signerNames(signers: readonly { name: string }[]): string {
  const names = signers.map((s) => s.name.trim());
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
