import type { SendMailOptions } from "nodemailer";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { leadReportSchema } from "~/schemas/leads";
import { deliverDue, queueDigests } from "~/server/notifications/outbox";
import { call, describeEachBackend, loginAs, type TestDb } from "../../../test/api";
import { replyDueAt } from "~/lib/business-time";
import { listLeads } from "./queries/leads";
import { queueOverdueNotices } from "./overdue";

const PASSWORD = "correct horse battery staple";
const HOST = "www.example.com";

/** Stores a lead as the form would have at `at`, with its reply due time, and answers its id. */
async function seedLead(
  db: TestDb,
  at: string,
  fields: {
    source?: string;
    minutes?: number | null;
    spam?: boolean;
    held?: boolean;
    owner?: string;
    name?: string;
  } = {},
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO contact_messages (first_name, email, project_type, message, created_at, reply_due_at, source,
       first_reply_business_minutes, first_reply_at, spam_reason, held, owner_id, status)
     VALUES ($1, 'seed@example.com', 'general', 'Seeded', $2, $3, $4, $5::int,
       CASE WHEN $5::int IS NULL THEN NULL ELSE $2::timestamptz END, $6, $7, $8,
       CASE WHEN $5::int IS NULL THEN 'new' ELSE 'contacted' END)
     RETURNING id`,
    [
      fields.name ?? "Seed",
      at,
      replyDueAt(new Date(at)),
      fields.source ?? "direct",
      fields.minutes ?? null,
      fields.spam ? "honeypot" : null,
      fields.held ?? false,
      fields.owner ?? null,
    ],
  );
  return row!.id;
}

/** Links a sent proposal to `lead`, accepted or not. */
async function seedBid(db: TestDb, lead: string, accepted: boolean): Promise<void> {
  const [bid] = await db.query<{ id: string }>("INSERT INTO bids (lead_id) VALUES ($1) RETURNING id", [lead]);
  await db.query(
    `INSERT INTO bid_versions (bid_id, version, document, project_name, amount, message, expires_on, sent_by_name, pdf,
       sha256, accepted_at, declined_at)
     VALUES ($1, 1, '{}', 'Roof', '$1.00', '', '2026-12-31', 'Seed', '\\x00', repeat('a', 64), $2, $3)`,
    [bid!.id, accepted ? new Date() : null, accepted ? null : new Date()],
  );
}

describeEachBackend("leads: reports, overdue notices and the digest", (db) => {
  let admin = "";
  const staff: Record<string, string> = {};

  beforeAll(async () => {
    for (const [name, email, notify, role] of [
      ["rep-admin", "admin@example.com", "none", "admin"],
      ["rep-owner", "owner@example.com", "none", "staff"],
      ["rep-each", "each@example.com", "each", "staff"],
      ["rep-digest", "digest@example.com", "digest", "staff"],
      ["rep-quiet", "quiet@example.com", "none", "staff"],
      ["rep-noaddress", null, "each", "staff"],
    ] as const) {
      staff[name] = await db.createStaff(name, PASSWORD);
      await db.query("UPDATE staff_users SET email = $2, notify = $3, role = $4 WHERE id = $1", [
        staff[name],
        email,
        notify,
        role,
      ]);
    }
    admin = await loginAs("rep-admin", PASSWORD);
  });
  beforeEach(async () => {
    await db.query("DELETE FROM notification_outbox");
    await db.query("DELETE FROM contact_messages");
  });

  it("answers the seeded figures: leads per week by source, the funnel, and the time to first reply", async () => {
    // Company time is CST (UTC-6) in these months; 16:00Z is 10:00 there.
    const l1 = await seedLead(db, "2026-01-05T16:00:00Z", { source: "google", minutes: 30 });
    const l2 = await seedLead(db, "2026-01-06T16:00:00Z", { source: "google", minutes: 90 });
    await seedLead(db, "2026-01-08T16:00:00Z", { minutes: 45 });
    await seedLead(db, "2026-01-13T16:00:00Z", { source: '=HYPERLINK("http://x","y")' });
    const l5 = await seedLead(db, "2026-02-03T16:00:00Z", { minutes: 10 });
    await seedLead(db, "2026-02-04T16:00:00Z", { minutes: 200 });
    // Not counted: spam, held, before the period, after it (1:00 on March 1 here). Counted: 22:00 on February 28
    // here, already March in UTC.
    await seedLead(db, "2026-01-07T16:00:00Z", { spam: true, minutes: 1 });
    await seedLead(db, "2026-01-07T16:00:00Z", { held: true });
    await seedLead(db, "2025-12-31T16:00:00Z");
    await seedLead(db, "2026-03-01T07:00:00Z");
    await seedLead(db, "2026-03-01T04:00:00Z");
    await seedBid(db, l1, true);
    await seedBid(db, l2, false);
    await seedBid(db, l5, true);

    const res = await call("GET", "/api/portal/reports/leads?from=2026-01-01&to=2026-02-28", { token: admin });
    expect(res.status).toBe(200);
    const report = leadReportSchema.parse(await res.json());
    expect(report).toEqual({
      from: "2026-01-01",
      to: "2026-02-28",
      weekly: [
        { week: "2026-01-05", source: "direct", leads: 1 },
        { week: "2026-01-05", source: "google", leads: 2 },
        { week: "2026-01-12", source: '=HYPERLINK("http://x","y")', leads: 1 },
        { week: "2026-02-02", source: "direct", leads: 2 },
        { week: "2026-02-23", source: "direct", leads: 1 },
      ],
      funnel: [
        { month: "2026-01", leads: 4, proposals: 2, accepted: 1, proposalRate: 0.5, acceptRate: 0.5 },
        { month: "2026-02", leads: 3, proposals: 1, accepted: 1, proposalRate: 0.3333, acceptRate: 1 },
      ],
      replies: [
        { month: "2026-01", leads: 4, answered: 3, medianMinutes: 45, withinHourShare: 0.5 },
        { month: "2026-02", leads: 3, answered: 2, medianMinutes: 105, withinHourShare: 0.3333 },
      ],
    });

    const csv = await call("GET", "/api/portal/reports/leads.csv?table=weekly&from=2026-01-01&to=2026-02-28", {
      token: admin,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toBe(
      'attachment; filename="leads-weekly-2026-01-01-2026-02-28.csv"',
    );
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe('"week","source","leads"');
    // A formula in a cell is defused: a spreadsheet shows it as text.
    expect(lines[3]).toBe(`"2026-01-12","'=HYPERLINK(""http://x"",""y"")","1"`);
    const funnel = await call("GET", "/api/portal/reports/leads.csv?table=funnel&from=2026-01-01&to=2026-02-28", {
      token: admin,
    });
    expect((await funnel.text()).split("\r\n")[1]).toBe('"2026-01","4","2","1","0.5","0.5"');
    expect((await call("GET", "/api/portal/reports/leads.csv?table=nope", { token: admin })).status).toBe(400);
    const backward = {
      error: "Invalid query: from must not be after to",
      code: "validation_failed",
      issues: [{ path: ["from"] }],
    };
    const given = await call("GET", "/api/portal/reports/leads?from=2026-03-01&to=2026-01-01", { token: admin });
    expect(given.status).toBe(400);
    expect(await given.json()).toMatchObject(backward);
    // A `from` after today, with `to` left to its default (today), is refused the same way.
    const future = await call("GET", "/api/portal/reports/leads.csv?table=weekly&from=2999-01-01", { token: admin });
    expect(future.status).toBe(400);
    expect(await future.json()).toMatchObject(backward);
  });

  it("a lead unanswered for a business hour is overdue: noticed once, to its owner or to everyone notified", async () => {
    // Friday 16:30 in Chicago: due Monday 8:30, the weekend not counted.
    const owned = await seedLead(db, "2026-11-20T22:30:00Z", { owner: staff["rep-owner"], name: "Owned" });
    const open = await seedLead(db, "2026-11-20T22:30:00Z", { name: "Open" });
    await seedLead(db, "2026-11-20T22:30:00Z", { minutes: 5, name: "Answered" });
    const saturday = new Date("2026-11-21T18:00:00Z");
    const monday = new Date("2026-11-23T14:31:00Z");

    expect(await queueOverdueNotices(db, saturday, HOST)).toBe(0);
    const page = await listLeads(db, {}, staff["rep-owner"]!, monday);
    // Overdue first, then newest.
    expect(page.items.map((l) => l.overdue)).toEqual([true, true, false]);
    expect(page.items[2]!.name).toBe("Answered");
    expect((await listLeads(db, {}, staff["rep-owner"]!, saturday)).items.every((l) => !l.overdue)).toBe(true);

    // The owned lead goes to its owner; the unassigned one to everyone who gets notifications at an address.
    expect(await queueOverdueNotices(db, monday, HOST)).toBe(3);
    const rows = await db.query<{ contact_id: string; recipient: string }>(
      "SELECT contact_id, recipient FROM notification_outbox WHERE kind = 'lead-overdue' ORDER BY recipient",
    );
    expect(rows).toEqual([
      { contact_id: open, recipient: "digest@example.com" },
      { contact_id: open, recipient: "each@example.com" },
      { contact_id: owned, recipient: "owner@example.com" },
    ]);
    // Once per lead, however often the job runs.
    expect(await queueOverdueNotices(db, new Date("2026-11-23T15:31:00Z"), HOST)).toBe(0);

    const sent: SendMailOptions[] = [];
    const context = { siteUrl: "https://www.example.com", from: "Portal <portal@example.com>" };
    await deliverDue(db, async (mail) => void sent.push(mail), { now: monday, context });
    const notice = sent.find((m) => m.to === "owner@example.com")!;
    expect(notice.subject).toBe("Overdue lead: Owned waits for an answer");
    expect(notice.text).toContain(`https://www.example.com/portal/leads#lead-${owned}`);

    // The next morning's digest lists both overdue leads, though neither arrived in its 24 hours.
    const tuesday = new Date("2026-11-24T13:05:00Z");
    expect(await queueDigests(db, tuesday, HOST)).toBe(1);
    sent.length = 0;
    await deliverDue(db, async (mail) => void sent.push(mail), { now: tuesday, context });
    const digest = sent.find((m) => m.to === "digest@example.com")!;
    expect(digest.subject).toContain("2 overdue");
    expect(digest.text).toContain("2 overdue leads, unanswered:");
    expect(digest.text).toMatch(/Owned[\s\S]*Open|Open[\s\S]*Owned/);
  });
});
