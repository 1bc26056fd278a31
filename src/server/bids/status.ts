/** A sent version's status, from its facts and the company's calendar (pure: the lists and the view share it). */
import { companyDay } from "~/lib/bid-days";
import type { BidStatus } from "~/schemas/bids";

/** The facts the status is decided from. */
export interface StatusFacts {
  withdrawnAt: unknown;
  declinedAt: unknown;
  acceptedAt: unknown;
  replacedAt: unknown;
  expiresOn: string;
  viewed: boolean;
}

/** The status, in the order of precedence the design gives: a decision first, then dates, then views. */
export function bidStatus(facts: StatusFacts, today: string = companyDay()): BidStatus {
  if (facts.withdrawnAt) return "withdrawn";
  if (facts.declinedAt) return "declined";
  if (facts.acceptedAt) return "accepted";
  if (facts.replacedAt) return "replaced";
  if (facts.expiresOn < today) return "expired";
  return facts.viewed ? "viewed" : "sent";
}

/** Statuses after which nothing more can be done on a link (code, sign, decline refuse with 410). */
export const CLOSED: readonly BidStatus[] = ["withdrawn", "declined", "accepted", "replaced", "expired"];

/** An ISO timestamp from a database value (pg gives Dates, some drivers text), or null. */
export const iso = (value: unknown): string | null =>
  value == null ? null : new Date(value as string | Date).toISOString();

/** A date column as YYYY-MM-DD, whichever way the driver gave it. */
export const dayOf = (value: unknown): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
