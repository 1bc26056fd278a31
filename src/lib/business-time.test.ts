import { describe, expect, it } from "vitest";
import { addBusinessMinutes, businessMinutesBetween, isOverdue, replyDueAt, wallTime } from "./business-time";

/** Instants in UTC: Chicago is UTC-6 in winter (CST) and UTC-5 in summer (CDT). */
const t = (iso: string) => new Date(iso);

describe("businessMinutesBetween", () => {
  it.each([
    ["within one morning (Tue 9:00 → 10:30)", "2026-11-24T15:00:00Z", "2026-11-24T16:30:00Z", 90],
    ["across an evening (Tue 16:30 → Wed 8:30)", "2026-11-24T22:30:00Z", "2026-11-25T14:30:00Z", 60],
    ["from before opening (Tue 6:00 → 8:15)", "2026-11-24T12:00:00Z", "2026-11-24T14:15:00Z", 15],
    ["across a weekend (Fri 16:00 → Mon 9:00)", "2026-11-20T22:00:00Z", "2026-11-23T15:00:00Z", 120],
    ["across Thanksgiving (Wed 16:30 → Mon 8:30)", "2026-11-25T22:30:00Z", "2026-11-30T14:30:00Z", 60],
    ["on a Saturday only", "2026-11-21T15:00:00Z", "2026-11-21T20:00:00Z", 0],
    ["across spring forward (Fri 16:30 CST → Mon 8:30 CDT)", "2026-03-06T22:30:00Z", "2026-03-09T13:30:00Z", 60],
    ["across fall back (Fri 16:30 CDT → Mon 8:30 CST)", "2026-10-30T21:30:00Z", "2026-11-02T14:30:00Z", 60],
    ["a whole week (Mon 8:00 → next Mon 8:00)", "2026-11-09T14:00:00Z", "2026-11-16T14:00:00Z", 5 * 9 * 60],
    ["backwards", "2026-11-24T16:30:00Z", "2026-11-24T15:00:00Z", 0],
  ])("%s", (_, a, b, minutes) => {
    expect(businessMinutesBetween(t(a), t(b))).toBe(minutes);
  });
});

describe("addBusinessMinutes", () => {
  it.each([
    ["inside the day (Tue 9:00 + 60)", "2026-11-24T15:00:00Z", 60, "2026-11-24T16:00:00.000Z"],
    ["to the closing minute (Tue 16:00 + 60)", "2026-11-24T22:00:00Z", 60, "2026-11-24T23:00:00.000Z"],
    ["over a weekend (Fri 16:30 + 60 → Mon 8:30)", "2026-11-20T22:30:00Z", 60, "2026-11-23T14:30:00.000Z"],
    [
      "over the Thanksgiving holidays (Wed 16:30 + 60 → Mon 8:30)",
      "2026-11-25T22:30:00Z",
      60,
      "2026-11-30T14:30:00.000Z",
    ],
    ["from a Saturday night (→ Mon 9:00)", "2026-11-22T04:00:00Z", 60, "2026-11-23T15:00:00.000Z"],
    ["from a weekday night (Tue 23:00 → Wed 9:00)", "2026-11-25T05:00:00Z", 60, "2026-11-25T15:00:00.000Z"],
    ["over fall back (Fri 16:30 CDT → Mon 8:30 CST)", "2026-10-30T21:30:00Z", 60, "2026-11-02T14:30:00.000Z"],
    ["over spring forward (Fri 16:30 CST → Mon 8:30 CDT)", "2026-03-06T22:30:00Z", 60, "2026-03-09T13:30:00.000Z"],
    ["nothing to add", "2026-11-21T15:00:00Z", 0, "2026-11-21T15:00:00.000Z"],
  ])("%s", (_, from, minutes, expected) => {
    expect(addBusinessMinutes(t(from), minutes).toISOString()).toBe(expected);
  });

  it("is what businessMinutesBetween measures back", () => {
    for (const start of ["2026-11-20T22:30:00Z", "2026-03-06T12:00:00Z", "2026-12-24T15:00:00Z"])
      for (const minutes of [1, 59, 60, 61, 540, 1000])
        expect(businessMinutesBetween(t(start), addBusinessMinutes(t(start), minutes))).toBe(minutes);
  });
});

describe("isOverdue", () => {
  const friday = t("2026-11-20T22:30:00Z"); // Friday 16:30
  it.each([
    ["unanswered, Saturday", null, "2026-11-21T18:00:00Z", false],
    ["unanswered, Monday 8:29", null, "2026-11-23T14:29:00Z", false],
    ["unanswered, Monday 8:30", null, "2026-11-23T14:30:00Z", true],
    ["answered on Saturday, seen Tuesday", "2026-11-21T18:00:00Z", "2026-11-24T18:00:00Z", false],
  ])("%s", (_, reply, now, overdue) => {
    expect(isOverdue(friday, reply ? t(reply) : null, t(now))).toBe(overdue);
  });

  it("follows a calendar of its own (hours, days and holidays configurable)", () => {
    const hours = { timeZone: "UTC", days: [6], opens: 600, closes: 660, holidays: ["2026-11-21"] };
    // Saturdays 10:00 to 11:00 UTC only, the 21st a holiday: a Friday message is due on the 28th at 11:00.
    expect(replyDueAt(friday, hours).toISOString()).toBe("2026-11-28T11:00:00.000Z");
  });

  it("keeps each calendar's days apart, asked in any order (the open hours are worked out once per calendar)", () => {
    const utc = { timeZone: "UTC", days: [1, 2, 3, 4, 5], opens: 8 * 60, closes: 17 * 60, holidays: [] };
    // Tuesday 24 November, 8:00 to 17:00 Chicago (14:00 to 23:00 UTC) against 8:00 to 17:00 UTC.
    const [from, to] = [t("2026-11-24T12:00:00Z"), t("2026-11-24T16:00:00Z")];
    for (let round = 0; round < 2; round++) {
      expect(businessMinutesBetween(from, to)).toBe(120);
      expect(businessMinutesBetween(from, to, utc)).toBe(240);
    }
  });
});

describe("wallTime", () => {
  it("reads the company's wall clock on both sides of daylight saving", () => {
    expect(new Date(wallTime("2026-03-06", 8 * 60, "America/Chicago")).toISOString()).toBe("2026-03-06T14:00:00.000Z");
    expect(new Date(wallTime("2026-03-09", 8 * 60, "America/Chicago")).toISOString()).toBe("2026-03-09T13:00:00.000Z");
  });
});
