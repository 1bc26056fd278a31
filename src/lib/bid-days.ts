/**
 * A bid's expiry day, one rule for the portal and the API: calendar days in the company's time zone (a bid sent
 * at 11 p.m. in Houston is sent "today" there, whatever the browser's clock says). The expiry day is the last day
 * the bid can be signed, through 23:59 company time: today at the earliest, BID_LIMITS.expiryDays.max days ahead
 * at the latest. Pure: the send dialog, Re-issue and the server's check all take it from here.
 */
import { company } from "~/config/company";
import { BID_LIMITS } from "~/schemas/bid-fields";
import { addDays, compareDays } from "./company-days";

/** `YYYY-MM-DD` in the company's time zone at `now`. */
export function companyDay(now: Date = new Date(), timeZone: string = company.timeZone): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export interface ExpiryChoice {
  /** Today: a bid sent now may be signed until the end of the company's day. */
  min: string;
  /** The default: BID_LIMITS.expiryDays.default days from today. */
  value: string;
  /** The longest allowed: BID_LIMITS.expiryDays.max days from today. */
  max: string;
}

/** The expiry field's bounds and default at `now`. */
export function expiryChoice(now: Date = new Date()): ExpiryChoice {
  const today = companyDay(now);
  return {
    min: today,
    value: addDays(today, BID_LIMITS.expiryDays.default),
    max: addDays(today, BID_LIMITS.expiryDays.max),
  };
}

/** Why `day` cannot be the expiry at `now`, or null when it can. */
export function expiryProblem(day: string, now: Date = new Date()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return "Choose the last day the bid can be signed";
  const { min, max } = expiryChoice(now);
  if (compareDays(day, min) < 0) return "The expiry day is in the past";
  if (compareDays(day, max) > 0) return `A bid stays open at most ${BID_LIMITS.expiryDays.max} days`;
  return null;
}
