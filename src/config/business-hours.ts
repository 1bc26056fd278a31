/**
 * When the company answers: the response clock counts only these hours, in the company's time zone. Holidays
 * are whole company days off (YYYY-MM-DD); add next year's before it starts.
 */
import { company } from "./company";

export const businessHours = {
  timeZone: company.timeZone,
  /** ISO weekdays open (1 Monday … 7 Sunday). */
  days: [1, 2, 3, 4, 5],
  /** Opening and closing, minutes after midnight in company time. */
  opens: 8 * 60,
  closes: 17 * 60,
  holidays: [
    "2026-01-01",
    "2026-05-25",
    "2026-07-03",
    "2026-09-07",
    "2026-11-26",
    "2026-11-27",
    "2026-12-24",
    "2026-12-25",
    "2027-01-01",
    "2027-05-31",
    "2027-07-05",
    "2027-09-06",
    "2027-11-25",
    "2027-11-26",
    "2027-12-24",
  ],
} as const;

/** The shape of a business calendar (the company's, or a test's). */
export interface BusinessHours {
  timeZone: string;
  days: readonly number[];
  opens: number;
  closes: number;
  holidays: readonly string[];
}
