import { expect, test } from "vitest";
import {
  businessWait,
  clockLabel,
  formatBusinessMinutes,
  formatDay,
  formatWait,
  leadProjectName,
  leadQuery,
  leadSignerName,
  ownerLabel,
} from "./leads";

test.each([
  [{ status: "all", owner: "all" }, undefined, { limit: "50" }],
  [{ status: "new", owner: "me" }, "abc", { limit: "50", status: "new", owner: "me", cursor: "abc" }],
  [{ status: "all", owner: "unassigned" }, null, { limit: "50", owner: "unassigned" }],
] as const)("leadQuery(%j, %s)", (filters, cursor, query) => {
  expect(leadQuery(filters, cursor)).toEqual(query);
});

test.each([
  [0, "0 business minutes"],
  [1, "1 business minute"],
  [59.6, "1 business hour"],
  [60, "1 business hour"],
  [65, "1 business hour 5 min"],
  [180, "3 business hours"],
])("formatBusinessMinutes(%d)", (minutes, text) => expect(formatBusinessMinutes(minutes)).toBe(text));

/** Chicago is UTC-6 in November: Tuesday 24 at 9:00 is 15:00Z, Friday 20 at 16:30 is 22:30Z. */
const TUESDAY_9 = { createdAt: "2026-11-24T15:00:00.000Z", replyDueAt: "2026-11-24T16:00:00.000Z" };
const FRIDAY_1630 = { createdAt: "2026-11-20T22:30:00.000Z", replyDueAt: "2026-11-23T14:30:00.000Z" };
const MONDAY_1050 = Date.parse("2026-11-23T16:50:00Z");

test.each([
  [{ ...TUESDAY_9, firstReplyMinutes: 12, overdue: false }, "First reply in 12 business minutes"],
  [{ ...TUESDAY_9, firstReplyMinutes: null, overdue: false }, "Awaiting a first reply"],
  // 13:20 the same day: 4 h 20 min of business hours since 9:00.
  [{ ...TUESDAY_9, firstReplyMinutes: null, overdue: true }, "Overdue: waiting 4 h 20 min in business hours"],
])("clockLabel(%j) on Tuesday at 13:20", (lead, text) =>
  expect(clockLabel(lead, Date.parse("2026-11-24T19:20:00Z"))).toBe(text),
);

test.each([
  ["Friday 16:30 to Monday 10:50: half an hour on Friday, 2 h 50 min on Monday", FRIDAY_1630, MONDAY_1050, 200],
  ["Tuesday 9:00 to 13:20 the same day", TUESDAY_9, Date.parse("2026-11-24T19:20:00Z"), 260],
  ["a lead without a due time counts from arrival", { ...FRIDAY_1630, replyDueAt: null }, MONDAY_1050, 200],
])("businessWait: %s", (_, lead, now, minutes) => expect(businessWait(lead, now)).toBe(minutes));

test("an overdue lead from Friday afternoon shows its wait in business hours on Monday", () => {
  expect(clockLabel({ ...FRIDAY_1630, firstReplyMinutes: null, overdue: true }, MONDAY_1050)).toBe(
    "Overdue: waiting 3 h 20 min in business hours",
  );
});

test.each([
  [0, "0 min"],
  [45.9, "45 min"],
  [60, "1 h"],
  [200, "3 h 20 min"],
  [720, "12 h"],
])("formatWait(%d)", (minutes, text) => expect(formatWait(minutes)).toBe(text));

test("formatDay shows the company day itself, whatever the browser's zone", () => {
  expect(formatDay("2026-11-30")).toBe("Mon, Nov 30");
  expect(formatDay("nonsense")).toBe("nonsense");
});

test.each([
  [{ name: "Ana Ruiz", projectType: "general" }, "Project for Ana Ruiz"],
  [{ name: "Ana Ruiz ", projectType: "commercial remodel" }, "Commercial remodel for Ana Ruiz"],
  [{ name: "Bo", projectType: "" }, "Project for Bo"],
])("leadProjectName(%j)", (lead, name) => expect(leadProjectName(lead)).toBe(name));

test("leadSignerName joins first and last name", () => {
  expect(leadSignerName({ firstName: " Ana ", lastName: "Ruiz" })).toBe("Ana Ruiz");
  expect(leadSignerName({ firstName: "Cher", lastName: "" })).toBe("Cher");
});

test.each([
  [{ ownerId: null, ownerName: null }, "Unassigned"],
  [{ ownerId: "a", ownerName: "Dana" }, "Dana"],
  [{ ownerId: "a", ownerName: null }, "A staff member"],
])("ownerLabel(%j)", (lead, label) => expect(ownerLabel(lead)).toBe(label));
