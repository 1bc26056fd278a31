/**
 * The notification outbox: rows written with what they announce, claimed by one worker at a time, sent, and
 * retried with growing pauses for a day before they are marked failed (the inbox then offers a Retry).
 */
import type { SendMailOptions } from "nodemailer";
import { company } from "~/config/company";
import type { ContactFacts } from "~/schemas/contact-record";
import type { Queryable } from "~/server/db";
import { sql, type Sql } from "~/server/db/sql";
import { digestEmail, messageEmail, type EmailContext } from "./email";
import { mailKind, registerMailKinds, secretFactKinds, type OutboxRow } from "./mail-kinds";
import { securityEmail, type NoticeFacts } from "./security-texts";

/** How long a claimed row is held by its worker: longer than a send can take with every SMTP time limit. */
const LEASE_SECONDS = 120;
/** A row keeps being retried this long after it was written, then it is marked failed. */
export const RETRY_FOR_HOURS = 24;
/** Pauses between attempts double from one minute up to an hour. */
const backoffMinutes = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1));
/** Digests leave at this hour of the company's day, covering the 24 hours before. */
export const DIGEST_HOUR = 7;

const CONTACT_COLUMNS = `m.id, m.first_name AS "firstName", m.last_name AS "lastName", m.email, m.phone,
  m.project_type AS "projectType", m.message, m.handled, m.created_at AS "createdAt"`;

/** A Message-ID's right-hand side: the site's host, so IDs are globally unique and recognisably ours. */
export const messageIdHost = (siteUrl: string) => new URL(siteUrl).hostname;

/**
 * The step that queues the e-mails announcing stored messages, as an INSERT to run inside the statement (or
 * transaction) that stores them: one outbox row per message of `stored` (a CTE or table with the messages'
 * `id`) and per staff member who wants every message. Which stored messages notify anyone is decided here and
 * nowhere else (a message filtered out of `stored`'s rows, e.g. one flagged as spam, gets no e-mail).
 * `host` is the Message-IDs' host; the fragment carries it as its own parameter.
 */
export const queueMessageNotificationsSql = (stored: Sql, host: string): Sql =>
  sql`INSERT INTO notification_outbox (kind, contact_id, recipient_id, recipient, message_id)
   SELECT 'message', m.id, s.id, s.email, 'message-' || m.id::text || '-' || s.id::text || '@' || ${host}::text
   FROM ${stored} m CROSS JOIN staff_users s
   WHERE s.notify = 'each' AND s.email IS NOT NULL AND s.disabled_at IS NULL
   RETURNING contact_id`;

/**
 * Queues an e-mail for every staff member who wants one per message. Call it in the transaction that stores the
 * message: the two commit together or not at all.
 */
export async function queueMessageNotifications(tx: Queryable, contactId: string, host: string): Promise<number> {
  const statement = sql`WITH stored AS (SELECT ${contactId}::uuid AS id) ${queueMessageNotificationsSql(sql`stored`, host)}`;
  const rows = await tx.query(statement.text, statement.values);
  return rows.length;
}

/**
 * Leads still unanswered past their reply due time at the digest hour of day `t.day`, with the placeholders of
 * the company's zone and the hour: the digest lists them.
 */
const overdueAtDigest = (zone: string, hour: string) => `m.status = 'new' AND m.spam_reason IS NULL AND NOT m.held
  AND m.reply_due_at <= (t.day + make_time(${hour}, 0, 0)) AT TIME ZONE ${zone}`;

/**
 * At or after the digest hour of the company's day, queues that day's digest for every staff member who wants
 * one, once (a day's digest is unique per person), and only when the day had messages or overdue leads.
 */
export async function queueDigests(db: Queryable, now: Date, host: string): Promise<number> {
  const rows = await db.query(
    `WITH today AS (
       SELECT ($1::timestamptz AT TIME ZONE $2)::date AS day, ($1::timestamptz AT TIME ZONE $2)::time >= make_time($4, 0, 0) AS due
     )
     INSERT INTO notification_outbox (kind, recipient_id, recipient, digest_day, message_id, next_attempt_at, created_at)
     SELECT 'digest', s.id, s.email, t.day, 'digest-' || t.day || '-' || s.id || '@' || $3::text, $1, $1
     FROM staff_users s, today t
     WHERE t.due AND s.notify = 'digest' AND s.email IS NOT NULL AND s.disabled_at IS NULL
       AND (EXISTS (SELECT 1 FROM contact_messages m
                    WHERE m.spam_reason IS NULL
                      AND m.created_at >= ((t.day - 1) + make_time($4, 0, 0)) AT TIME ZONE $2
                      AND m.created_at < (t.day + make_time($4, 0, 0)) AT TIME ZONE $2)
            OR EXISTS (SELECT 1 FROM contact_messages m WHERE ${overdueAtDigest("$2", "$4")}))
     ON CONFLICT (recipient_id, digest_day) DO NOTHING
     RETURNING id`,
    [now, company.timeZone, host, DIGEST_HOUR],
  );
  return rows.length;
}

/**
 * Takes up to `limit` rows that are due and not held by another worker, and holds them for LEASE_SECONDS. Rows
 * another transaction is claiming at this moment are skipped, not waited for, so two workers never take one row.
 */
async function claim(db: Queryable, now: Date, limit: number, only: DeliveryScope = {}): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `UPDATE notification_outbox o SET leased_until = $1::timestamptz + make_interval(secs => $2), attempts = attempts + 1
     WHERE o.id IN (
       SELECT id FROM notification_outbox
       WHERE status = 'pending' AND next_attempt_at <= $1 AND (leased_until IS NULL OR leased_until <= $1)
         AND ($4::uuid IS NULL OR contact_id = $4) AND ($5::uuid IS NULL OR bid_version_id = $5)
         AND ($6::text IS NULL OR recipient = $6) AND ($7::uuid IS NULL OR recipient_id = $7)
         AND ($8::text IS NULL OR kind = $8)
       ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING o.id, o.kind, o.contact_id AS "contactId", o.recipient, o.digest_day::text AS "digestDay",
       o.message_id AS "messageId", o.attempts, o.created_at AS "createdAt", o.notice, o.facts,
       o.bid_version_id AS "bidVersionId", o.bid_signer_id AS "bidSignerId", o.lead_reply_id AS "leadReplyId"`,
    [
      now,
      LEASE_SECONDS,
      limit,
      only.contactId ?? null,
      only.bidVersionId ?? null,
      only.recipient ?? null,
      only.recipientId ?? null,
      only.kind ?? null,
    ],
  );
}

/** A staff e-mail announcing one stored message; null when the message is gone. */
async function messageMail(db: Queryable, row: OutboxRow, context: EmailContext) {
  const [m] = await db.query<ContactFacts>(`SELECT ${CONTACT_COLUMNS} FROM contact_messages m WHERE m.id = $1`, [
    row.contactId,
  ]);
  return m ? messageEmail({ ...m, createdAt: new Date(m.createdAt).toISOString() }, context) : null;
}

/** A day's digest: the messages of the 24 hours before the digest hour and the leads overdue then. */
async function digestMail(db: Queryable, row: OutboxRow, context: EmailContext) {
  const messages = await db.query<ContactFacts>(
    `SELECT ${CONTACT_COLUMNS} FROM contact_messages m
     WHERE m.spam_reason IS NULL
       AND m.created_at >= (($1::date - 1) + make_time($3, 0, 0)) AT TIME ZONE $2
       AND m.created_at < ($1::date + make_time($3, 0, 0)) AT TIME ZONE $2
     ORDER BY m.created_at DESC, m.id DESC`,
    [row.digestDay, company.timeZone, DIGEST_HOUR],
  );
  const overdue = await db.query<ContactFacts>(
    `SELECT ${CONTACT_COLUMNS} FROM contact_messages m, (SELECT $1::date AS day) t
     WHERE ${overdueAtDigest("$2", "$3")} ORDER BY m.reply_due_at, m.id LIMIT 100`,
    [row.digestDay, company.timeZone, DIGEST_HOUR],
  );
  const records = (list: ContactFacts[]) => list.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() }));
  return messages.length || overdue.length
    ? digestEmail(records(messages), row.digestDay!, context, records(overdue))
    : null;
}

/** A security notice or an address confirmation, composed from the row's notice and facts. */
async function noticeMail(_db: Queryable, row: OutboxRow, context: EmailContext) {
  // Sent once its facts are gone: a confirmation link is wiped from the row after its first send.
  if (!row.notice || !row.facts) return null;
  const facts = typeof row.facts === "string" ? (JSON.parse(row.facts) as NoticeFacts) : (row.facts as NoticeFacts);
  return securityEmail(row.notice, facts, context);
}

// The outbox's own e-mails; the bid and lead e-mails are registered by their domains.
registerMailKinds({
  message: { render: messageMail },
  digest: { render: digestMail },
  security: { render: noticeMail },
  "address-confirm": { render: noticeMail, secretFacts: true },
});

/** The e-mail a claimed row stands for; null when what it announced is gone (deleted meanwhile). */
function emailFor(db: Queryable, row: OutboxRow, context: Omit<EmailContext, "to" | "messageId">) {
  return mailKind(row.kind).render(db, row, { ...context, to: row.recipient, messageId: row.messageId });
}

/** Sends one e-mail; throws when the server refused it or could not be reached in time. */
export type Send = (mail: SendMailOptions) => Promise<unknown>;

/**
 * Which rows a round may take: one contact message's e-mails, one bid version's, or one address's (a test that
 * reads its own mail while others deliver theirs); all when empty.
 */
export interface DeliveryScope {
  contactId?: string;
  bidVersionId?: string;
  recipient?: string;
  /** Only the e-mails of this staff member (to any address: a notice to an old address included). */
  recipientId?: string;
  /** Only e-mails of this kind ("security": the notices of changes to how someone signs in). */
  kind?: string;
}

/** What one delivery round did. */
export interface DeliveryResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends what is due: claims rows, sends each, and records the outcome. A failed send is retried after a pause
 * that doubles from a minute to an hour, until RETRY_FOR_HOURS after the row was written; then it is failed.
 * `contactId` limits the round to one message's e-mails (the attempt made right after it arrives).
 */
export async function deliverDue(
  db: Queryable,
  send: Send,
  options: { now?: Date; limit?: number; context: Omit<EmailContext, "to" | "messageId"> } & DeliveryScope,
): Promise<DeliveryResult> {
  const now = options.now ?? new Date();
  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0 };
  for (const row of await claim(db, now, options.limit ?? 50, options)) {
    try {
      const mail = await emailFor(db, row, options.context);
      const note = mail ? (mailKind(row.kind).timelineNote?.(row) ?? null) : null;
      if (mail) await send(mail);
      // One statement marks the row sent and notes a bid's e-mail in its timeline: a failure between the two would
      // put a delivered row back in the queue and send it twice. A confirmation link, a bid's links (first
      // e-mail, reminders, expiry notice) and a signing code are secrets: once sent they are not kept here.
      await db.query(
        `WITH sent AS (
           UPDATE notification_outbox SET status = 'sent', sent_at = $2, leased_until = NULL, last_error = NULL,
             facts = CASE WHEN kind = ANY($3::text[]) THEN NULL ELSE facts END
           WHERE id = $1 RETURNING id)
         INSERT INTO bid_events (version_id, signer_id, kind, detail)
         SELECT $4::uuid, $5::uuid, 'emailed', $6::text FROM sent WHERE $6::text IS NOT NULL`,
        [row.id, now, secretFactKinds(), row.bidVersionId, row.bidSignerId, note],
      );
      result.sent++;
    } catch (error) {
      const next = new Date(now.getTime() + backoffMinutes(row.attempts) * 60_000);
      const giveUp = next.getTime() > new Date(row.createdAt).getTime() + RETRY_FOR_HOURS * 3_600_000;
      // A link or code that will never be sent is wiped as a sent one is: a failed row keeps no secret either.
      await db.query(
        `UPDATE notification_outbox SET status = $2, next_attempt_at = $3, leased_until = NULL, last_error = $4,
           facts = CASE WHEN $2 = 'failed' AND kind = ANY($5::text[]) THEN NULL
             ELSE facts END
         WHERE id = $1`,
        [
          row.id,
          giveUp ? "failed" : "pending",
          next,
          String(error instanceof Error ? error.message : error).slice(0, 500),
          secretFactKinds(),
        ],
      );
      result[giveUp ? "failed" : "retrying"]++;
    }
  }
  return result;
}

/**
 * Puts a message's failed staff notifications back in the queue, for a new day of attempts (the inbox's Retry;
 * the e-mails to the sender are the lead's, not the inbox's).
 */
export async function retryFailed(db: Queryable, contactId: string): Promise<number> {
  const rows = await db.query(
    `UPDATE notification_outbox SET status = 'pending', attempts = 0, next_attempt_at = now(), created_at = now(),
       leased_until = NULL WHERE contact_id = $1 AND kind = 'message' AND status = 'failed' RETURNING id`,
    [contactId],
  );
  return rows.length;
}
