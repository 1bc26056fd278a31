/** Dates and waits as the client's page words them, in the page's language (es-US or en-US). */
import { t } from "./language";

/** A company-calendar day (YYYY-MM-DD) in long form, "December 26, 2026": read as a date, not a moment. */
export function longDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  if (!year || !month || !date) return day;
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString(t().locale, {
    timeZone: "UTC",
    month: "long",
    day: "numeric",
    year: "numeric",
  });
}

/** A moment in UTC, "November 26, 2026, 16:05 UTC": the certificate and the seal speak UTC. */
export function utcMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = date.toLocaleDateString(t().locale, { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });
  const time = date.toLocaleTimeString("en-GB", { timeZone: "UTC", hour: "2-digit", minute: "2-digit" });
  return `${day}, ${time} UTC`;
}

/** Names as a sentence: "A", "A and B", "A, B and C" ("y" in Spanish). */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} ${t().and} ${names.at(-1)}`;
}
