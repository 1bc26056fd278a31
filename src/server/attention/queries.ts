/**
 * "Needs you now": every kind of thing waiting for a person, read in one statement.
 */
import type { Queryable } from "~/server/db";
import {
  ATTENTION_EXPIRY_DAYS,
  ATTENTION_ITEMS_PER_KIND,
  ATTENTION_KINDS,
  ATTENTION_WINDOW_DAYS,
  type Attention,
  type AttentionGroup,
  type AttentionItem,
  type AttentionKind,
} from "~/schemas/attention";
import { sql, type Sql } from "~/server/db/sql";
import { companyDay } from "~/lib/bid-days";
import { addDays } from "~/lib/company-days";
import { iso } from "~/server/bids/status";

/** Who asks: their id, and whether they answer for the whole company (an administrator). */
export interface Asker {
  id: string;
  admin: boolean;
}

/** The e-mails that go to a client (a lead's sender or a bid's signer): one that failed leaves someone waiting. */
const CLIENT_MAILS = ["lead-ack", "lead-reply", "bid-link", "bid-code", "bid-reminder", "bid-expiry", "bid-sealed"];

interface Row {
  kind: AttentionKind;
  record: AttentionItem["record"];
  id: string;
  title: string;
  detail: string | null;
  at: Date | null;
  total: number;
}

/**
 * What waits for `asker` at `now`, each kind's first `ATTENTION_ITEMS_PER_KIND` items (most pressing first) and
 * its total; kinds with nothing in them are left out.
 *
 * - Overdue leads: still new past their reply time, owned by the asker (an administrator: by anyone).
 * - Unassigned leads: new and nobody's, overdue first; anyone may take one.
 * - Bid updates: a bid the asker sent (an administrator: any) viewed, signed or declined within the window and
 *   since the asker last opened it (their seen mark on that bid).
 * - Failed seals, and open bids whose last day is within `ATTENTION_EXPIRY_DAYS`: the asker's (or any).
 * - Held messages: administrators, who release or delete them.
 * - Failed e-mails to clients within the window: the asker's replies and bids' (an administrator: every one).
 */
export async function attentionFor(db: Queryable, asker: Asker, now = new Date()): Promise<Attention> {
  const mine = (column: Sql) => sql`(${asker.admin}::boolean OR ${column} = ${asker.id}::uuid)`;
  const today = companyDay(now);
  const since = new Date(now.getTime() - ATTENTION_WINDOW_DAYS * 86_400_000);
  // Each kind is its own branch that sorts and cuts its own few rows, its total counted beside them (the window
  // runs before the LIMIT), so nothing sorts everything the kinds found together.
  const statement = sql`
    (SELECT 'overdue-lead' AS kind, 'lead' AS record, m.id, trim(m.first_name || ' ' || m.last_name) AS title,
        '' AS detail, m.reply_due_at AS at, count(*) OVER ()::int AS total
      FROM contact_messages m
      WHERE m.status = 'new' AND m.reply_due_at <= ${now} AND m.owner_id IS NOT NULL AND m.spam_reason IS NULL
        AND NOT m.held AND ${mine(sql`m.owner_id`)}
      ORDER BY m.reply_due_at, m.id LIMIT ${ATTENTION_ITEMS_PER_KIND})
    UNION ALL
    (SELECT 'unassigned-lead', 'lead', m.id, trim(m.first_name || ' ' || m.last_name),
        CASE WHEN m.reply_due_at <= ${now} THEN 'overdue' ELSE '' END, m.created_at, count(*) OVER ()::int
      FROM contact_messages m
      WHERE m.status = 'new' AND m.owner_id IS NULL AND m.spam_reason IS NULL AND NOT m.held
      ORDER BY COALESCE(m.reply_due_at <= ${now}, false) DESC, m.created_at DESC, m.id LIMIT ${ATTENTION_ITEMS_PER_KIND})
    UNION ALL
    (SELECT 'bid-update', 'bid', u.bid_id, u.project_name, u.detail, u.at, count(*) OVER ()::int
      FROM (SELECT DISTINCT ON (v.bid_id) v.bid_id, v.project_name,
          CASE WHEN v.accepted_at IS NOT NULL THEN 'accepted' ELSE e.kind END AS detail, e.at
        FROM bid_events e JOIN bid_versions v ON v.id = e.version_id
          LEFT JOIN attention_seen s ON s.staff_id = ${asker.id}::uuid AND s.bid_id = v.bid_id
        WHERE e.kind IN ('viewed', 'signed', 'declined') AND e.at > ${since} AND v.replaced_at IS NULL
          AND e.at > COALESCE(s.seen_at, '-infinity') AND ${mine(sql`v.sent_by`)}
        ORDER BY v.bid_id, e.at DESC) u
      ORDER BY u.at DESC, u.bid_id LIMIT ${ATTENTION_ITEMS_PER_KIND})
    UNION ALL
    (SELECT 'seal-failed', 'bid', v.bid_id, v.project_name, '', v.accepted_at, count(*) OVER ()::int
      FROM bid_versions v
      WHERE v.accepted_at IS NOT NULL AND v.sealed_at IS NULL AND v.seal_error IS NOT NULL AND ${mine(sql`v.sent_by`)}
      ORDER BY v.accepted_at, v.bid_id LIMIT ${ATTENTION_ITEMS_PER_KIND})
    UNION ALL
    (SELECT 'bid-expiring', 'bid', v.bid_id, v.project_name, v.expires_on::text, NULL::timestamptz,
        count(*) OVER ()::int
      FROM bid_versions v
      WHERE v.expires_on BETWEEN ${today}::date AND ${addDays(today, ATTENTION_EXPIRY_DAYS)}::date
        AND v.accepted_at IS NULL AND v.declined_at IS NULL AND v.withdrawn_at IS NULL AND v.replaced_at IS NULL
        AND ${mine(sql`v.sent_by`)}
      ORDER BY v.expires_on, v.bid_id LIMIT ${ATTENTION_ITEMS_PER_KIND})
    UNION ALL
    (SELECT 'held-message', 'message', m.id, trim(m.first_name || ' ' || m.last_name), '', m.created_at,
        count(*) OVER ()::int
      FROM contact_messages m
      WHERE ${asker.admin}::boolean AND m.held AND m.spam_reason IS NULL
      ORDER BY m.created_at DESC, m.id LIMIT ${ATTENTION_ITEMS_PER_KIND})
    UNION ALL
    (SELECT 'email-failed', CASE WHEN o.bid_version_id IS NULL THEN 'lead' ELSE 'bid' END,
        COALESCE(v.bid_id, o.contact_id, r.lead_id), o.recipient, o.kind, o.created_at, count(*) OVER ()::int
      FROM notification_outbox o
        LEFT JOIN bid_versions v ON v.id = o.bid_version_id
        LEFT JOIN lead_replies r ON r.id = o.lead_reply_id
      WHERE o.status = 'failed' AND o.created_at > ${since} AND o.kind = ANY(${CLIENT_MAILS}::text[])
        AND COALESCE(v.bid_id, o.contact_id, r.lead_id) IS NOT NULL
        AND (${asker.admin}::boolean OR v.sent_by = ${asker.id}::uuid OR r.author_id = ${asker.id}::uuid)
      ORDER BY o.created_at DESC, o.id LIMIT ${ATTENTION_ITEMS_PER_KIND})`;
  const rows = await db.query<Row>(statement.text, statement.values);
  // Each kind's rows arrive in that kind's own order; the kinds are put in the list's order below.
  const groups = new Map<AttentionKind, AttentionGroup>();
  for (const row of rows) {
    const group = groups.get(row.kind) ?? { kind: row.kind, total: row.total, items: [] };
    group.items.push({ record: row.record, id: row.id, title: row.title, detail: row.detail ?? "", at: iso(row.at) });
    groups.set(row.kind, group);
  }
  return { groups: ATTENTION_KINDS.flatMap((kind) => groups.get(kind) ?? []) };
}
