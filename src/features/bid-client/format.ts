/**
 * Dates and names as the client's page and /verify word them. Pure and catalogue-free (/verify's small script
 * imports it): the client's page passes its language's locale and word for "and".
 */
import { formatCompanyDay } from "~/lib/company-days";

/** A company-calendar day (YYYY-MM-DD) in long form, "December 26, 2026": read as a date, not a moment. */
export function longDay(day: string, locale = "en-US"): string {
  return formatCompanyDay(day, { month: "long", day: "numeric", year: "numeric" }, locale);
}

/**
 * A moment in UTC, "November 26, 2026, 16:05 UTC" ("26 de noviembre de 2026, 16:05 UTC" in es-US): the
 * certificate and the seal speak UTC.
 */
export function utcMoment(iso: string, locale = "en-US"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = date.toLocaleDateString(locale, { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });
  const time = date.toLocaleTimeString("en-GB", { timeZone: "UTC", hour: "2-digit", minute: "2-digit" });
  return `${day}, ${time} UTC`;
}

/** Names as a sentence: "A", "A and B", "A, B and C" ("y" in Spanish). */
export function joinNames(names: readonly string[], and = "and"): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} ${and} ${names.at(-1)}`;
}
