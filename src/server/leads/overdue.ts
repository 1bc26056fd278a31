/** The overdue notice: a lead still new past its business hour is e-mailed, once, to whoever should answer it. */
import type { Queryable } from "~/server/db";
import { sql } from "~/server/db/sql";

/**
 * Queues the notice of every lead that became overdue by `now` and has had none: to its owner, or, when it has
 * none, to every active staff member who gets notifications (each message or a digest). Marking the lead and
 * queueing its e-mails are one statement, so a lead is noticed once however many workers run the job. A lead
 * whose would-be recipients have no confirmed address is marked all the same: the digest lists it.
 */
export async function queueOverdueNotices(db: Queryable, now: Date, host: string): Promise<number> {
  const statement = sql`WITH due AS (
      UPDATE contact_messages SET overdue_noticed_at = ${now}
      WHERE status = 'new' AND overdue_noticed_at IS NULL AND reply_due_at <= ${now}
        AND spam_reason IS NULL AND NOT held
      RETURNING id, owner_id
    )
    INSERT INTO notification_outbox (kind, contact_id, recipient_id, recipient, message_id, next_attempt_at)
    SELECT 'lead-overdue', d.id, s.id, s.email, 'lead-overdue-' || d.id::text || '-' || s.id::text || '@' || ${host}::text,
      ${now}
    FROM due d JOIN staff_users s
      ON (d.owner_id IS NOT NULL AND s.id = d.owner_id) OR (d.owner_id IS NULL AND s.notify <> 'none')
    WHERE s.email IS NOT NULL AND s.disabled_at IS NULL
    RETURNING id`;
  return (await db.query(statement.text, statement.values)).length;
}
