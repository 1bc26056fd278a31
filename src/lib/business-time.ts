/**
 * The response clock: time counted only within business hours, in the company's time zone. Pure (no database,
 * no current time): the caller passes the instants and, in tests, a calendar of its own.
 */
import { businessHours, type BusinessHours } from "~/config/business-hours";
import { companyDay } from "~/lib/bid-days";
import { addDays, utcDateOf } from "~/lib/company-days";
import { LEAD_REPLY_MINUTES } from "~/schemas/lead-fields";

const MINUTE = 60_000;
/** How far the clock looks ahead for an open hour: a calendar with none in ten years is a mistake. */
const MAX_DAYS = 3660;

/**
 * One formatter per time zone: making one costs far more than using it, and a list of overdue leads asks for the
 * offset four times per day of each one's wait.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** Milliseconds `timeZone`'s wall clock is ahead of UTC at `at`. */
function offsetAt(at: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant the wall clock in `timeZone` reads `minutes` after midnight on `day`. */
export function wallTime(day: string, minutes: number, timeZone: string): number {
  const guess = utcDateOf(day)!.getTime() + minutes * 60_000;
  // The offset at the guess may differ from the one at the answer across a daylight-saving change: look twice.
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/**
 * Each calendar's open hours by day, once worked out: a list of overdue leads walks the same days again for each
 * lead, and a year's wait is some 250 open days.
 */
const openHoursByDay = new WeakMap<BusinessHours, Map<string, [number, number] | null>>();

/** A day's open hours as instants, or null when the company is closed that day. */
function openHours(day: string, hours: BusinessHours): [number, number] | null {
  let known = openHoursByDay.get(hours);
  if (!known) openHoursByDay.set(hours, (known = new Map()));
  let open = known.get(day);
  if (open === undefined) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
    open =
      !hours.days.includes(weekday) || hours.holidays.includes(day)
        ? null
        : [wallTime(day, hours.opens, hours.timeZone), wallTime(day, hours.closes, hours.timeZone)];
    known.set(day, open);
  }
  return open;
}

/** Whole business minutes from `a` to `b` (0 when `b` is not after `a`). */
export function businessMinutesBetween(a: Date, b: Date, hours: BusinessHours = businessHours): number {
  const from = a.getTime();
  const to = b.getTime();
  if (to <= from) return 0;
  let total = 0;
  const last = companyDay(b, hours.timeZone);
  for (let day = companyDay(a, hours.timeZone), i = 0; i <= MAX_DAYS; day = addDays(day, 1), i++) {
    const open = openHours(day, hours);
    if (open) total += Math.max(0, Math.min(to, open[1]) - Math.max(from, open[0]));
    if (day === last) break;
  }
  return Math.floor(total / MINUTE);
}

/** The instant `minutes` business minutes after `t` (at a closing time when they end exactly there). */
export function addBusinessMinutes(t: Date, minutes: number, hours: BusinessHours = businessHours): Date {
  if (minutes <= 0) return new Date(t);
  let left = minutes * MINUTE;
  for (let day = companyDay(t, hours.timeZone), i = 0; i <= MAX_DAYS; day = addDays(day, 1), i++) {
    const open = openHours(day, hours);
    if (!open) continue;
    const start = Math.max(t.getTime(), open[0]);
    const available = open[1] - start;
    if (available <= 0) continue;
    if (left <= available) return new Date(start + left);
    left -= available;
  }
  throw new Error(`no business hours within ${MAX_DAYS} days of ${t.toISOString()}`);
}

/** When a lead that arrived at `receivedAt` must be answered by. */
export const replyDueAt = (receivedAt: Date, hours: BusinessHours = businessHours) =>
  addBusinessMinutes(receivedAt, LEAD_REPLY_MINUTES, hours);

/** Whether a lead is overdue at `now`: unanswered one business hour after it arrived. */
export function isOverdue(
  receivedAt: Date,
  firstReplyAt: Date | null,
  now: Date,
  hours: BusinessHours = businessHours,
): boolean {
  return !firstReplyAt && now.getTime() >= replyDueAt(receivedAt, hours).getTime();
}
