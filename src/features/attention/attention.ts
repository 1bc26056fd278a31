/** How the "Needs you now" list reads: each kind's heading, each item's link and line. Pure, for tests. */
import type { AttentionGroup, AttentionItem, AttentionKind } from "~/schemas/attention";
import { portalPaths } from "~/portal/navigation";
import { formatCompanyDay } from "~/lib/company-days";

/** Each kind's heading, and where its whole list is when there are more than the items shown. */
export const KIND_LOOK: Record<AttentionKind, { heading: string; all: string }> = {
  "overdue-lead": { heading: "Overdue leads", all: portalPaths.messages },
  "unassigned-lead": { heading: "Unassigned leads", all: portalPaths.messages },
  "bid-update": { heading: "Proposals viewed, accepted or declined", all: portalPaths.proposals },
  "seal-failed": { heading: "Signed proposals not sealed", all: portalPaths.proposals },
  "bid-expiring": { heading: "Proposals expiring within two days", all: portalPaths.proposals },
  "held-message": { heading: "Held messages", all: `${portalPaths.messages}?view=held` },
  "email-failed": { heading: "E-mails that failed", all: portalPaths.messages },
};

/** The record an item opens: a lead, a bid, or the Held view of the messages. */
export function itemHref(item: AttentionItem): string {
  if (item.record === "bid") return `${portalPaths.proposals}#${item.id}`;
  if (item.record === "message") return `${portalPaths.messages}?view=held`;
  return `${portalPaths.messages}#lead-${item.id}`;
}

const MAIL_NAMES: Record<string, string> = {
  "lead-ack": "acknowledgement",
  "lead-reply": "reply",
  "bid-link": "proposal link",
  "bid-code": "signing code",
  "bid-reminder": "reminder",
  "bid-expiry": "expiry notice",
  "bid-sealed": "signed copy",
};

const shortDate = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

/** The line under an item's title: what happened and when, in words. */
export function itemLine(kind: AttentionKind, item: AttentionItem): string {
  const at = item.at ? shortDate(item.at) : "";
  switch (kind) {
    case "overdue-lead":
      return `Reply was due ${at}`;
    case "unassigned-lead":
      return `${item.detail === "overdue" ? "Overdue, nobody's" : "Nobody's yet"} · arrived ${at}`;
    case "bid-update":
      return `${item.detail[0]!.toUpperCase()}${item.detail.slice(1)} ${at}`;
    case "seal-failed":
      return `Accepted ${at}; the seal will be retried`;
    case "bid-expiring":
      return `Last day to sign: ${formatCompanyDay(item.detail, { weekday: "long", month: "short", day: "numeric" })}`;
    case "held-message":
      return `Held for review · arrived ${at}`;
    case "email-failed":
      return `The ${MAIL_NAMES[item.detail] ?? "e-mail"} could not be delivered · ${at}`;
  }
}

/** How many things wait in all. */
export const totalOf = (groups: readonly AttentionGroup[]): number => groups.reduce((n, g) => n + g.total, 0);
