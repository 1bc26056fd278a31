import type { SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, expect, it } from "vitest";
import { deliverDue } from "~/server/notifications/outbox";
import { company } from "~/config/company";
import { queueFollowUps, isQuiet } from "./follow-ups";
import { useBidPdf } from "./pdf-port";
import { companyDay } from "~/lib/bid-days";
import { addDays } from "~/lib/company-days";
import { bidToSend, fakeBidPdf, queuedSecrets } from "../../../test/fixtures/sent-bid";
import { call, describeEachBackend, loginAs, randomIp, answer } from "../../../test/api";

/** The instant of `hour`:00 on `day` in the company's time zone. */
function companyTime(day: string, hour: number): Date {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  const hourThere = Number(
    new Intl.DateTimeFormat("en-US", { timeZone: company.timeZone, hour: "numeric", hourCycle: "h23" }).format(noonUtc),
  );
  return new Date(noonUtc.getTime() + (hour - hourThere) * 3_600_000);
}

it.each([
  [7, true],
  [8, false],
  [18, false],
  [19, true],
  [23, true],
])("%s:00 company time is quiet: %s", (hour, quiet) => {
  expect(isQuiet(companyTime("2026-12-01", hour))).toBe(quiet);
});

describeEachBackend("bids: reminders and expiry notices", (db) => {
  const sentDay = companyDay();
  let open = "";
  let withdrawn = "";

  beforeAll(async () => {
    useBidPdf(fakeBidPdf());
    await db.createStaff("follow-sender", "correct horse battery");
    const token = await loginAs("follow-sender", "correct horse battery");
    const send = async (signers: { name: string; email: string }[]) => {
      const res = await call("POST", "/api/portal/bids", { token, json: bidToSend(signers, { days: 10 }) });
      return await answer(res, 201);
    };
    open = (
      await send([
        { name: "Waits", email: "waits@example.com" },
        { name: "Signed", email: "signed@example.com" },
      ])
    ).versionId;
    await db.query(
      "UPDATE bid_signers SET signed_at = now(), signed_name = 'Signed' WHERE version_id = $1 AND email = 'signed@example.com'",
      [open],
    );
    const gone = await send([{ name: "Gone", email: "gone@example.com" }]);
    withdrawn = gone.versionId;
    await call("POST", "/api/portal/bids/:id/withdraw", { param: { id: gone.bidId }, token });
  });
  afterAll(() => useBidPdf(undefined));

  /** The follow-ups queued so far: kind and recipient, oldest first. */
  const queued = async () =>
    (
      await db.query<{ kind: string; recipient: string }>(
        `SELECT kind, recipient FROM notification_outbox WHERE kind IN ('bid-reminder', 'bid-expiry') ORDER BY id`,
      )
    ).map((r) => `${r.kind} ${r.recipient}`);

  it("nothing before 3 days, nor at night", async () => {
    await queueFollowUps(db, companyTime(addDays(sentDay, 2), 12));
    await queueFollowUps(db, companyTime(addDays(sentDay, 4), 22));
    expect(await queued()).toEqual([]);
  });

  it("the 3-day reminder the next morning, once, only to the signer who has not acted", async () => {
    expect(await queueFollowUps(db, companyTime(addDays(sentDay, 5), 9))).toBe(1);
    expect(await queueFollowUps(db, companyTime(addDays(sentDay, 5), 10))).toBe(0);
    expect(await queued()).toEqual(["bid-reminder waits@example.com"]);
    const events = await db.query<{ kind: string; detail: string }>(
      "SELECT kind, detail FROM bid_events WHERE version_id = $1 AND kind = 'reminded'",
      [open],
    );
    expect(events).toEqual([{ kind: "reminded", detail: "3 days" }]);
  });

  it("the 7-day reminder and, 2 days before the expiry day, the expiry notice", async () => {
    await queueFollowUps(db, companyTime(addDays(sentDay, 8), 9));
    expect(await queued()).toEqual([
      "bid-reminder waits@example.com",
      "bid-reminder waits@example.com",
      "bid-expiry waits@example.com",
    ]);
  });

  it("each follow-up carries a new personal link that opens the bid; the first link works too; sent, it is wiped", async () => {
    const first = (await queuedSecrets(db, open))["waits@example.com"]!;
    const rows = await db.query<{ id: string; facts: { secret: string } | string }>(
      "SELECT id, facts FROM notification_outbox WHERE bid_version_id = $1 AND kind IN ('bid-reminder', 'bid-expiry') ORDER BY id",
      [open],
    );
    const secrets = rows.map((r) => (typeof r.facts === "string" ? JSON.parse(r.facts) : r.facts).secret as string);
    expect(new Set([first, ...secrets]).size).toBe(4);
    for (const secret of [first, ...secrets]) {
      const res = await call("POST", "/api/bids/open", { json: { secret }, ip: randomIp() });
      expect((await answer(res, 200)).signer.name).toBe("Waits");
    }
    const mails: SendMailOptions[] = [];
    const context = { siteUrl: "https://www.example.com", from: "portal@example.com" };
    await deliverDue(db, async (mail) => void mails.push(mail), {
      now: companyTime(addDays(sentDay, 9), 9),
      context,
      bidVersionId: open,
    });
    const reminders = mails.filter((m) => /Reminder/.test(String(m.subject)));
    expect(reminders).toHaveLength(3);
    const texts = reminders.map((m) => String(m.text));
    for (const secret of secrets) expect(texts.filter((t) => t.includes(`/bid#${secret}`))).toHaveLength(1);
    const kept = JSON.stringify(
      await db.query("SELECT facts FROM notification_outbox WHERE bid_version_id = $1", [open]),
    );
    for (const secret of secrets) expect(kept).not.toContain(secret);
  });

  it("nothing after the expiry day, and never for a withdrawn bid", async () => {
    await queueFollowUps(db, companyTime(addDays(sentDay, 12), 9));
    expect(await queued()).toHaveLength(3);
    const rows = await db.query("SELECT 1 FROM notification_outbox WHERE bid_version_id = $1 AND kind <> 'bid-link'", [
      withdrawn,
    ]);
    expect(rows).toHaveLength(0);
  });
});
