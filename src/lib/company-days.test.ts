import { describe, expect, it } from "vitest";
import { companyDay } from "./bid-days";
import { addDays, compareDays, dayParts, formatCompanyDay, utcDateOf } from "./company-days";

describe("company days", () => {
  it.each([
    ["2026-11-30", { year: 2026, month: 11, date: 30 }],
    ["2026-11", { year: 2026, month: 11 }],
    ["", undefined],
    ["soon", undefined],
  ])("parts of %j", (day, parts) => expect(dayParts(day)).toEqual(parts));

  it.each([
    ["2026-12-31", 1, "2027-01-01"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2026-03-08", 0, "2026-03-08"],
    ["2026-11-01", -1, "2026-10-31"],
  ])("%s plus %i days is %s", (day, days, expected) => expect(addDays(day, days)).toBe(expected));

  it.each([
    ["2026-11-30", { weekday: "short", month: "short", day: "numeric" }, "Mon, Nov 30"],
    ["2026-12-26", { month: "long", day: "numeric", year: "numeric" }, "December 26, 2026"],
    ["2026-12-26", { dateStyle: "medium" }, "Dec 26, 2026"],
    ["2026-11", { dateStyle: "medium" }, "2026-11"],
    ["not a day", { dateStyle: "medium" }, "not a day"],
  ] as const)("%s formatted", (day, options, expected) => expect(formatCompanyDay(day, options)).toBe(expected));

  it("a month is its first day", () => expect(utcDateOf("2026-11")?.toISOString()).toBe("2026-11-01T00:00:00.000Z"));

  it("today is the company's, not the browser's: 11 p.m. in Houston is still that day there", () =>
    expect(companyDay(new Date("2026-11-27T05:00:00Z"), "America/Chicago")).toBe("2026-11-26"));

  it("days compare in calendar order", () =>
    expect(["2026-12-01", "2026-02-10", "2026-11-30"].sort(compareDays)).toEqual([
      "2026-02-10",
      "2026-11-30",
      "2026-12-01",
    ]));
});
