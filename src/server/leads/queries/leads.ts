/**
 * What staff read of the leads: a page of the list, one lead's detail, who can own one, and the top bar's count.
 */
import { LEAD_LIMITS } from "~/schemas/lead-fields";
import type { LeadDetail, LeadListItem, LeadListQuery, LeadPage } from "~/schemas/leads";
import type { Queryable } from "~/server/db";
import { sql, type Sql } from "~/server/db/sql";
import { listBidsOfLead } from "~/server/bids/queries/pipeline";
import { companyDay } from "~/lib/bid-days";
import { iso } from "~/server/bids/status";
import { HttpError } from "~/server/http";

/** Still new past its reply due time, at `now`. */
const overdueAt = (now: Date) => sql`COALESCE(m.status = 'new' AND m.reply_due_at <= ${now}, false)`;

/**
 * A linked proposal was declined or expired, none is open or accepted, and the lead is neither won nor lost:
 * staff should record why it was lost. Withdrawn proposals count neither way.
 */
const lostReasonNeeded = (today: string) => sql`(m.status NOT IN ('won', 'lost') AND EXISTS (
    SELECT 1 FROM bids b JOIN LATERAL (SELECT * FROM bid_versions x WHERE x.bid_id = b.id ORDER BY x.version DESC LIMIT 1) v ON true
    WHERE b.lead_id = m.id AND v.withdrawn_at IS NULL
    GROUP BY b.lead_id
    HAVING bool_or(v.declined_at IS NOT NULL OR (v.accepted_at IS NULL AND v.expires_on < ${today}::date))
       AND NOT bool_or(v.accepted_at IS NOT NULL OR (v.declined_at IS NULL AND v.expires_on >= ${today}::date))))`;

/** The list item's columns; `now` decides what is overdue. */
const itemColumns = (now: Date) => sql`m.id, trim(m.first_name || ' ' || m.last_name) AS name, m.email,
  left(regexp_replace(m.message, '\\s+', ' ', 'g'), ${LEAD_LIMITS.excerpt}::int) AS excerpt, m.status,
  m.owner_id AS "ownerId", NULLIF(u.display_name, '') AS "ownerName", m.created_at AS "createdAt",
  m.follow_up_on::text AS "followUpOn", ${overdueAt(now)} AS overdue, m.reply_due_at AS "replyDueAt",
  m.first_reply_business_minutes AS "firstReplyMinutes", ${lostReasonNeeded(companyDay(now))} AS "lostReasonNeeded",
  m.source`;

type ItemRow = Omit<LeadListItem, "createdAt" | "replyDueAt"> & { createdAt: Date; replyDueAt: Date | null };

const toItem = (row: ItemRow): LeadListItem => ({
  id: row.id,
  name: row.name,
  email: row.email,
  excerpt: row.excerpt,
  status: row.status,
  ownerId: row.ownerId,
  ownerName: row.ownerName ?? null,
  createdAt: iso(row.createdAt)!,
  followUpOn: row.followUpOn,
  overdue: row.overdue,
  replyDueAt: iso(row.replyDueAt),
  firstReplyMinutes: row.firstReplyMinutes,
  lostReasonNeeded: row.lostReasonNeeded,
  source: row.source,
});

/** Leads are the messages neither flagged as spam nor held for review. */
const IS_LEAD = sql`m.spam_reason IS NULL AND NOT m.held`;

/**
 * A page of leads, overdue first then newest (id breaking ties), filtered by status and owner. The cursor is the
 * id of the previous page's last lead: the page continues after that lead's own place in the order.
 */
export async function listLeads(
  db: Queryable,
  query: LeadListQuery,
  userId: string,
  now = new Date(),
): Promise<LeadPage> {
  const limit = query.limit ?? LEAD_LIMITS.page.defaultLimit;
  const where: Sql[] = [IS_LEAD];
  if (query.status) where.push(sql`m.status = ${query.status}`);
  if (query.owner === "unassigned") where.push(sql`m.owner_id IS NULL`);
  else if (query.owner) where.push(sql`m.owner_id = ${query.owner === "me" ? userId : query.owner}::uuid`);
  if (query.cursor !== undefined) {
    where.push(sql`(${overdueAt(now)}, m.created_at, m.id) < (
      SELECT COALESCE(c.status = 'new' AND c.reply_due_at <= ${now}, false), c.created_at, c.id
      FROM contact_messages c WHERE c.id = ${query.cursor}::uuid)`);
  }
  // The page is chosen from the cheap columns first; the costly ones (the excerpt, the proposals' verdict) are
  // computed for its rows only, not for every lead the sort passes over.
  const statement = sql`SELECT ${itemColumns(now)}
    FROM (SELECT m.id, ${overdueAt(now)} AS overdue, m.created_at FROM contact_messages m
          WHERE ${where.reduce((all, term) => sql`${all} AND ${term}`)}
          ORDER BY 2 DESC, m.created_at DESC, m.id DESC LIMIT ${limit + 1}) page
    JOIN contact_messages m ON m.id = page.id LEFT JOIN staff_users u ON u.id = m.owner_id
    ORDER BY page.overdue DESC, page.created_at DESC, page.id DESC`;
  const rows = await db.query<ItemRow>(statement.text, statement.values);
  const items = rows.slice(0, limit).map(toItem);
  return { items, next: rows.length > limit ? items.at(-1)!.id : null };
}

/** One lead with its message, source, notes, thread and linked proposals; 404 for none (or spam, or held). */
export async function leadDetail(db: Queryable, id: string, now = new Date()): Promise<LeadDetail> {
  const statement = sql`SELECT ${itemColumns(now)}, m.first_name AS "firstName", m.last_name AS "lastName", m.phone,
      m.project_type AS "projectType", m.message, m.lost_reason AS "lostReason", m.first_reply_at AS "firstReplyAt",
      m.source_page AS page, m.referrer, m.landing_page AS "landingPage", m.utm_source AS "utmSource",
      m.utm_medium AS "utmMedium", m.utm_campaign AS "utmCampaign", m.utm_term AS "utmTerm", m.utm_content AS "utmContent"
    FROM contact_messages m LEFT JOIN staff_users u ON u.id = m.owner_id WHERE m.id = ${id}::uuid AND ${IS_LEAD}`;
  const [row] = await db.query<ItemRow & Record<string, unknown>>(statement.text, statement.values);
  if (!row) throw new HttpError(404, "Lead not found");
  const notes = await db.query<{ id: string; author: string; body: string; createdAt: Date }>(
    `SELECT id, author, body, created_at AS "createdAt" FROM lead_notes WHERE lead_id = $1 ORDER BY created_at, id`,
    [id],
  );
  const replies = await db.query<{
    id: string;
    author: string;
    replyTo: string;
    body: string;
    createdAt: Date;
    delivery: string;
  }>(
    `SELECT r.id, r.author, r.reply_to AS "replyTo", r.body, r.created_at AS "createdAt",
       COALESCE((SELECT o.status FROM notification_outbox o WHERE o.lead_reply_id = r.id LIMIT 1), 'pending') AS delivery
     FROM lead_replies r WHERE r.lead_id = $1 ORDER BY r.created_at, r.id`,
    [id],
  );
  const text = (key: string) => (row[key] as string | null) ?? null;
  return {
    ...toItem(row),
    firstName: row.firstName as string,
    lastName: row.lastName as string,
    phone: text("phone"),
    projectType: row.projectType as string,
    message: row.message as string,
    lostReason: text("lostReason"),
    firstReplyAt: iso(row.firstReplyAt),
    sourceDetail: {
      page: text("page"),
      referrer: text("referrer"),
      landingPage: text("landingPage"),
      utmSource: text("utmSource"),
      utmMedium: text("utmMedium"),
      utmCampaign: text("utmCampaign"),
      utmTerm: text("utmTerm"),
      utmContent: text("utmContent"),
    },
    notes: notes.map((n) => ({ ...n, createdAt: iso(n.createdAt)! })),
    replies: replies.map((r) => ({
      ...r,
      createdAt: iso(r.createdAt)!,
      delivery: r.delivery as LeadDetail["replies"][number]["delivery"],
    })),
    bids: (await listBidsOfLead(db, id, now)).map((b) => ({
      id: b.id,
      projectName: b.projectName,
      amount: b.amount,
      status: b.status,
      sentAt: b.sentAt,
    })),
  };
}

/** Everyone a lead can be given to: the active staff, by name. */
export async function leadOwners(db: Queryable): Promise<{ id: string; displayName: string }[]> {
  return db.query(
    `SELECT id, COALESCE(NULLIF(display_name, ''), username) AS "displayName" FROM staff_users
     WHERE disabled_at IS NULL ORDER BY lower(COALESCE(NULLIF(display_name, ''), username)), id`,
  );
}

/** Leads nobody has answered yet (new, neither spam nor held): the top bar's count. */
export async function countUnansweredLeads(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM contact_messages WHERE NOT handled AND spam_reason IS NULL AND NOT held",
  );
  return row!.n;
}
