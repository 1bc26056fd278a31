import { describe, expect, it } from "vitest";
import { BID_STATUSES, type BidEvent, type BidStatus, type BidSummary } from "~/schemas/bids";
import {
  calendarDay,
  canReissue,
  canWithdraw,
  countByStatus,
  filterBids,
  localTime,
  newestFirst,
  sealState,
  shortHash,
  signerNames,
  STATUS_LOOK,
  utcTime,
} from "./bids";
import { companyDay, expiryChoice, expiryProblem } from "~/lib/bid-days";
import { addDays } from "~/lib/company-days";

const bid = (status: BidStatus, extra: Partial<BidSummary> = {}): BidSummary => ({
  id: crypto.randomUUID(),
  versionId: crypto.randomUUID(),
  version: 1,
  status,
  projectName: "Cypress Creek",
  amount: "$485,000.00",
  client: "Ana Ruiz",
  sentBy: "staff",
  sentAt: "2026-11-20T15:00:00.000Z",
  expiresOn: "2026-12-20",
  viewedAt: null,
  decidedAt: null,
  sealed: false,
  sealFailed: false,
  codesSpentBy: null,
  ...extra,
});

describe("status words", () => {
  it.each(BID_STATUSES)("%s has a label of its own", (status) => {
    expect(STATUS_LOOK[status].label).toMatch(/^[A-Z][a-z]+$/);
  });
});

describe("the status filter", () => {
  const bids = [bid("sent"), bid("accepted"), bid("sent"), bid("declined")];
  it.each([
    ["all", 4],
    ["sent", 2],
    ["accepted", 1],
    ["viewed", 0],
  ] as const)("%s shows %i", (filter, count) => {
    expect(filterBids(bids, filter)).toHaveLength(count);
  });

  it("keeps the API's order", () => {
    expect(filterBids(bids, "sent")).toEqual([bids[0], bids[2]]);
  });

  it("counts each status and the whole", () => {
    expect(countByStatus(bids)).toMatchObject({ all: 4, sent: 2, accepted: 1, declined: 1, viewed: 0 });
  });
});

describe("what can be done to a bid", () => {
  it.each<[BidStatus, boolean, boolean]>([
    ["sent", true, false],
    ["viewed", true, false],
    ["expired", false, true],
    ["accepted", false, false],
    ["declined", false, true],
    ["withdrawn", false, true],
  ])("%s: withdraw %s, re-issue %s", (status, withdraw, reissue) => {
    expect(canWithdraw(status)).toBe(withdraw);
    expect(canReissue(status)).toBe(reissue);
  });

  it.each<[Partial<BidSummary> & { status: BidStatus }, ReturnType<typeof sealState>]>([
    [{ status: "accepted", sealed: true }, "ready"],
    [{ status: "accepted", sealFailed: true }, "failed"],
    [{ status: "accepted" }, null],
    [{ status: "sent", sealFailed: true }, null],
  ])("seal state of %o is %s", (extra, state) => {
    expect(sealState(bid(extra.status, extra))).toBe(state);
  });
});

describe("times, days and hashes", () => {
  it("shows a time in the reader's zone and in UTC", () => {
    expect(localTime("2026-11-26T16:05:00.000Z", "America/Chicago")).toBe("Nov 26, 2026, 10:05 AM");
    expect(utcTime("2026-11-26T16:05:09.123Z")).toBe("2026-11-26 16:05:09 UTC");
  });

  it("shows a calendar day without shifting it", () => {
    expect(calendarDay("2026-12-26")).toBe("Dec 26, 2026");
  });

  it("shortens a SHA-256 to both ends", () => {
    expect(shortHash("a".repeat(8) + "0".repeat(48) + "b".repeat(8))).toBe("aaaaaaaa…bbbbbbbb");
  });

  it("orders the timeline newest first", () => {
    const event = (at: string): BidEvent => ({
      kind: "viewed",
      at,
      version: 1,
      signer: null,
      ip: null,
      userAgent: null,
      detail: null,
    });
    const events = [
      event("2026-11-01T00:00:00.000Z"),
      event("2026-11-03T00:00:00.000Z"),
      event("2026-11-02T00:00:00.000Z"),
    ];
    expect(newestFirst(events).map((e) => e.at.slice(8, 10))).toEqual(["03", "02", "01"]);
  });

  it.each([
    [[{ name: "Ana Ruiz" }], "Ana Ruiz"],
    [[{ name: "Ana Ruiz" }, { name: " Luis Ruiz " }], "Ana Ruiz and Luis Ruiz"],
  ])("names the signers %j", (signers, names) => {
    expect(signerNames(signers)).toBe(names);
  });
});

describe("the expiry day", () => {
  it.each([
    // 03:30 UTC on Nov 27 is still Nov 26 in Houston.
    ["2026-11-27T03:30:00Z", "2026-11-26"],
    ["2026-11-27T06:30:00Z", "2026-11-27"],
    // Summer time: UTC-5.
    ["2026-07-01T04:59:00Z", "2026-06-30"],
  ])("at %s the company day is %s", (now, day) => {
    expect(companyDay(new Date(now))).toBe(day);
  });

  it.each([
    ["2026-11-26", 30, "2026-12-26"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2026-03-07", 1, "2026-03-08"],
  ])("%s plus %i days is %s", (day, days, result) => {
    expect(addDays(day, days)).toBe(result);
  });

  const now = new Date("2026-11-27T03:30:00Z");
  it("defaults to 30 days from the company's today, from today to 180 days", () => {
    expect(expiryChoice(now)).toEqual({ min: "2026-11-26", value: "2026-12-26", max: "2027-05-25" });
  });

  it.each([
    ["2026-11-26", null],
    ["2027-05-25", null],
    ["2026-11-25", "The expiry day is in the past"],
    ["2027-05-26", "A bid stays open at most 180 days"],
    ["", "Choose the last day the bid can be signed"],
  ])("%s: %s", (day, problem) => {
    expect(expiryProblem(day, now)).toBe(problem);
  });
});
