/** Queueing the sender's automatic acknowledgement, inside the statement that stores their message. */
import { sql, type Sql } from "~/server/db/sql";
import { companyDay } from "~/lib/bid-days";
import { mailboxOf } from "./stranger-text";
import type { LeadLanguage } from "./language";

/**
 * The step that queues the acknowledgement of each message of `stored` (a CTE with the messages' `id`; leave
 * spam and held messages out of it) to `email`: at most one per mailbox (mailboxOf) and company day, which the
 * outbox's unique index keeps however many messages arrive at once. `language` (the one the visitor's browser
 * preferred) travels in the row's facts to the e-mail.
 */
export const queueAcknowledgementSql = (
  stored: Sql,
  email: string,
  host: string,
  now: Date,
  language: LeadLanguage = "en",
): Sql =>
  sql`INSERT INTO notification_outbox (kind, contact_id, recipient, ack_mailbox, ack_day, message_id, facts)
   SELECT 'lead-ack', m.id, ${email}::text, ${mailboxOf(email)}::text, ${companyDay(now)}::date,
     'lead-ack-' || m.id::text || '@' || ${host}::text, ${JSON.stringify({ language })}::jsonb
   FROM ${stored} m
   ON CONFLICT DO NOTHING
   RETURNING id`;
