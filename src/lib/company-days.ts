/**
 * Company days: calendar days written `YYYY-MM-DD` (months `YYYY-MM`) in the company's time zone. A day is a date,
 * not a moment, so it is read, shifted and formatted as a UTC date, and no browser's zone or clock change moves it.
 * Every module that reads, shifts, formats or compares such a day does it here; today's day is `companyDay`
 * (lib/bid-days.ts, which knows the company's zone). No imports: the client's signing page loads this too.
 */

/** The year, month (1 to 12) and date of a day; a month (`YYYY-MM`) has no date. Undefined when it is neither. */
export function dayParts(day: string): { year: number; month: number; date?: number } | undefined {
  const [year, month, date] = day.split("-").map(Number);
  if (!year || !month) return undefined;
  return date ? { year, month, date } : { year, month };
}

/** Midnight UTC of a day (a month: of its first day), `days` later; undefined when `day` is not one. */
export function utcDateOf(day: string, days = 0): Date | undefined {
  const parts = dayParts(day);
  return parts && new Date(Date.UTC(parts.year, parts.month - 1, (parts.date ?? 1) + days));
}

/** The calendar day `days` after `day` (both `YYYY-MM-DD`); calendar arithmetic, so no clock change shifts it. */
export function addDays(day: string, days: number): string {
  return utcDateOf(day, days)!.toISOString().slice(0, 10);
}

/** A day in US English with `options` ("Mon, Nov 30", "December 26, 2026"); the text itself when it is not a day. */
export function formatCompanyDay(day: string, options: Intl.DateTimeFormatOptions, locale = "en-US"): string {
  const date = dayParts(day)?.date ? utcDateOf(day) : undefined;
  return date ? date.toLocaleDateString(locale, { ...options, timeZone: "UTC" }) : day;
}

/** Days in calendar order: `YYYY-MM-DD` strings compare as the calendar does. */
export const compareDays = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
