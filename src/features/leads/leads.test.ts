import { expect, test } from "vitest";
import {
  appendLeads,
  clockLabel,
  formatBusinessMinutes,
  formatDay,
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

test.each([
  [{ firstReplyMinutes: 12, overdue: false }, "First reply in 12 business minutes"],
  [{ firstReplyMinutes: null, overdue: true }, "Overdue: unanswered over 1 business hour"],
  [{ firstReplyMinutes: null, overdue: false }, "Awaiting a first reply"],
])("clockLabel(%j)", (lead, text) => expect(clockLabel(lead)).toBe(text));

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

test("appendLeads skips leads already shown", () => {
  expect(appendLeads([{ id: "a" }, { id: "b" }], [{ id: "b" }, { id: "c" }]).map((l) => l.id)).toEqual(["a", "b", "c"]);
});

test.each([
  [{ ownerId: null, ownerName: null }, "Unassigned"],
  [{ ownerId: "a", ownerName: "Dana" }, "Dana"],
  [{ ownerId: "a", ownerName: null }, "A staff member"],
])("ownerLabel(%j)", (lead, label) => expect(ownerLabel(lead)).toBe(label));
