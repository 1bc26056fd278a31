import { describe, expect, test } from "vitest";
import type { ContactRecord } from "~/schemas/contact-record";
import { contactRecord } from "../../../test/fixtures/contact";
import {
  formatExact,
  formatReceived,
  INBOX_PAGE_SIZE,
  inboxQuery,
  senderName,
  telHref,
  withHandled,
  withNotificationRetried,
} from "./inbox";

const message = (id: string, handled = false): ContactRecord => contactRecord(id, { handled });

describe("inboxQuery", () => {
  test.each([
    ["unhandled", undefined, `limit=${INBOX_PAGE_SIZE}&handled=false`],
    ["all", undefined, `limit=${INBOX_PAGE_SIZE}`],
    ["all", "abc", `limit=${INBOX_PAGE_SIZE}&before=abc`],
    ["held", undefined, `limit=${INBOX_PAGE_SIZE}&folder=held`],
    ["spam", "abc", `limit=${INBOX_PAGE_SIZE}&folder=spam&before=abc`],
  ] as const)("%s before %s", (filter, before, expected) => {
    expect(new URLSearchParams(inboxQuery(filter, before)).toString()).toBe(expected);
  });
  test("pages hold 50 messages", () => expect(INBOX_PAGE_SIZE).toBe(50));
});

describe("senderName and telHref", () => {
  test.each([
    [{ firstName: "Ana", lastName: "Reyes" }, "Ana Reyes"],
    [{ firstName: "Cher", lastName: "" }, "Cher"],
  ])("%j -> %s", (name, expected) => expect(senderName(name)).toBe(expected));

  test.each([
    ["(214) 555-0142", "tel:2145550142"],
    ["+1 214 555 0142", "tel:+12145550142"],
    ["214.555.0142", "tel:2145550142"],
  ])("%s -> %s", (phone, expected) => expect(telHref(phone)).toBe(expected));
});

describe("formatReceived", () => {
  const now = Date.parse("2026-11-22T12:00:00.000Z");
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
  test.each([
    [ago(5), "just now"],
    [ago(5 * 60), "5 minutes ago"],
    [ago(3600), "1 hour ago"],
    [ago(26 * 3600), "yesterday"],
    [ago(3 * 86400), "3 days ago"],
    [ago(14 * 86400), "2 weeks ago"],
    [ago(400 * 86400), "last year"],
    ["garbage", ""],
  ])("%s -> %s", (iso, expected) => expect(formatReceived(iso, now)).toBe(expected));

  test("the exact time names the day, date and time", () => {
    expect(formatExact("2026-11-22T16:54:00.000Z")).toMatch(/^\w+day, November 2[12], 2026 at \d{1,2}:54\s?[AP]M$/);
  });
});

describe("list updates", () => {
  test("withHandled changes only that message", () => {
    const list = withHandled([message("a"), message("b")], "b", true);
    expect(list.map((m) => m.handled)).toEqual([false, true]);
  });
});

test("withNotificationRetried clears one message's failed notification", () => {
  const list = [
    { ...message("a"), notificationFailed: true },
    { ...message("b"), notificationFailed: true },
  ];
  expect(withNotificationRetried(list, "a").map((m) => m.notificationFailed)).toEqual([false, true]);
});
