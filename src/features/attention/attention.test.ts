import { describe, expect, it } from "vitest";
import type { AttentionItem } from "~/schemas/attention";
import { itemHref, itemLine, totalOf } from "./attention";

const ID = "6f1c2b7e-8d0a-4b7c-9e2f-1a2b3c4d5e6f";
const item = (record: AttentionItem["record"], detail = "", at: string | null = "2026-11-20T15:00:00.000Z") => ({
  record,
  id: ID,
  title: "Dana Ortiz",
  detail,
  at,
});

describe("Needs you now: links and lines", () => {
  it.each([
    ["lead", `/portal/messages#lead-${ID}`],
    ["bid", `/portal/proposals#${ID}`],
    ["message", "/portal/messages?view=held"],
  ] as const)("a %s opens %s", (record, href) => {
    expect(itemHref(item(record))).toBe(href);
  });

  it.each([
    ["bid-update", item("bid", "accepted"), /^Accepted /],
    ["bid-update", item("bid", "viewed"), /^Viewed /],
    ["unassigned-lead", item("lead", "overdue"), /^Overdue, nobody's/],
    ["unassigned-lead", item("lead"), /^Nobody's yet/],
    ["bid-expiring", item("bid", "2026-11-29", null), /^Last day to sign: Sunday, Nov 29$/],
    ["email-failed", item("bid", "bid-link"), /^The proposal link could not be delivered/],
    ["email-failed", item("lead", "something-new"), /^The e-mail could not be delivered/],
  ] as const)("%s reads in words", (kind, it_, line) => {
    expect(itemLine(kind, it_)).toMatch(line);
  });

  it("counts every item of every kind, not only those listed", () => {
    expect(totalOf([])).toBe(0);
    expect(
      totalOf([
        { kind: "overdue-lead", total: 7, items: [] },
        { kind: "seal-failed", total: 1, items: [] },
      ]),
    ).toBe(8);
  });
});
