/**
 * What a contact message does when it arrives (the throttle, the spam check, the acknowledgement and the staff
 * e-mails, in one statement) and what staff change on one in the inbox: handled, not spam, released.
 */
import type { Queryable } from "~/server/db";
import { sql } from "~/server/db/sql";
import { HttpError } from "~/server/http";
import { actorEntry, auditedWrite } from "~/server/activity/audit";
import type { Actor } from "~/server/auth/middleware";
import { replyDueAt } from "~/lib/business-time";
import { CONTACT_DAILY_CEILING, CONTACT_RATE_LIMIT } from "~/server/config";
import { SPAM_RULES, type SPAM_REASONS } from "~/schemas/contact-fields";
import type { ContactMessage } from "~/schemas/contact";
import type { ContactRecord } from "~/schemas/contact-record";
import { admitSql, retryAfter, type Limit } from "~/server/rate-limit";
import { addressKey } from "~/server/client-address";
import { env } from "~/server/env";
import { queueAcknowledgementSql } from "../acknowledgement";
import type { LeadLanguage } from "../language";
import { leadSource } from "../source";
import { messageIdHost, queueMessageNotificationsSql } from "~/server/notifications/outbox";
import { CONTACT_COLUMNS, toRecord } from "../queries/contacts";

/**
 * Per-address contact throttle (IPv6 by its /64, as for logins). A message with no client address
 * (only where the platform gives none, e.g. `astro dev` without proxy headers) is throttled by its
 * sender's e-mail instead: one shared "unknown" key would let a single sender silence the form for
 * everyone, while no key at all would leave it unthrottled.
 */
function contactLimit(ip: string | null, email: string): Limit {
  return {
    bucket: "contact",
    key: addressKey(ip) ?? `email:${email.trim().toLowerCase()}`,
    max: CONTACT_RATE_LIMIT.perIp,
    windowSeconds: CONTACT_RATE_LIMIT.windowSeconds,
  };
}

/** Web addresses in a text: what the link rule counts. */
const LINK = /\bhttps?:\/\/|\bwww\./gi;

/**
 * Why a message looks like spam, or null: the honeypot filled, sent faster than a person fills the form,
 * or more links (in any field) than an enquiry carries. A flagged message is still stored (the Spam view), never dropped.
 */
export function spamReasonOf(message: ContactMessage): (typeof SPAM_REASONS)[number] | null {
  if (message.website && message.website.trim() !== "") return "honeypot";
  if (message.fillMs !== undefined && message.fillMs < SPAM_RULES.minFillMs) return "too-fast";
  // Links anywhere count (a name can carry one as well as the message); the address is the sender's own.
  const written = [message.firstName, message.lastName, message.phone, message.projectType, message.message];
  const links = written.reduce((sum, text) => sum + (String(text ?? "").match(LINK)?.length ?? 0), 0);
  if (links > SPAM_RULES.maxLinks) return "links";
  return null;
}

/** A message the contact form stored: its id, and how many notification e-mails were queued with it. */
export interface StoredContact {
  id: string;
  queued: number;
}

/**
 * Stores a contact message, or throws 429 past the per-IP limit. The throttle, the insert and the queueing of
 * its notification e-mails are one statement: a message is stored exactly when its hit is admitted, and its
 * e-mails are in the outbox exactly when it is stored, in one round trip. Likely spam is stored with its reason
 * and notifies nobody; past the daily ceiling (messages of the last 24 hours, spam counted too, so a flood of it
 * cannot hide under the ceiling) a message is stored held for review and notifies nobody either, so nothing a
 * customer sends is lost while a flood can neither reach the inbox nor fill anyone's mailbox. A message that is
 * a lead also queues its sender's acknowledgement (one per address and company day), and starts its clock.
 */
export async function submitContact(
  db: Queryable,
  message: ContactMessage,
  ip: string | null,
  now = new Date(),
  language: LeadLanguage = "en",
): Promise<StoredContact> {
  const limit = contactLimit(ip, message.email);
  const ceiling = env().CONTACT_DAILY_CEILING ?? CONTACT_DAILY_CEILING;
  const host = messageIdHost(env().SITE_URL);
  const from = leadSource(message, host);
  const statement = sql`WITH admitted AS (${admitSql(limit)}),
     stored AS (
       INSERT INTO contact_messages (first_name, last_name, email, phone, project_type, message, client_ip, spam_reason,
         held, reply_due_at, source_page, referrer, landing_page, utm_source, utm_medium, utm_campaign, utm_term,
         utm_content, source)
       SELECT ${message.firstName}, ${message.lastName}, ${message.email}, ${message.phone || null},
         ${message.projectType}, ${message.message}, ${ip}, ${spamReasonOf(message)},
         -- Counted up to the ceiling only: past it the answer is the same, and the count stays cheap in a flood.
         (SELECT count(*) FROM (
            SELECT 1 FROM contact_messages WHERE created_at > now() - interval '1 day' LIMIT ${ceiling}
          ) AS today) >= ${ceiling},
         ${replyDueAt(now)}, ${from.page}, ${from.referrer}, ${from.landing}, ${from.utm.utm_source},
         ${from.utm.utm_medium}, ${from.utm.utm_campaign}, ${from.utm.utm_term}, ${from.utm.utm_content}, ${from.source}
       FROM admitted RETURNING id, spam_reason, held
     ),
     notified AS (SELECT id FROM stored WHERE spam_reason IS NULL AND NOT held),
     queued AS (${queueMessageNotificationsSql(sql`notified`, host)}),
     acknowledged AS (${queueAcknowledgementSql(sql`notified`, message.email, host, now, language)})
     SELECT id, (SELECT count(*)::int FROM queued) + (SELECT count(*)::int FROM acknowledged) AS queued FROM stored`;
  const [stored] = await db.query<StoredContact>(statement.text, statement.values);
  if (stored) return stored;
  const wait = await retryAfter(db, limit);
  throw new HttpError(429, "Too many messages, try again later", {
    headers: { "Retry-After": String(Math.max(1, wait)) },
  });
}

/**
 * What a staff member's move of a message sets: "Spam" files one the rules let through under Spam (a reason the
 * rules gave stays), "Not spam" sends it back, release lets a held one in.
 */
const MOVES = {
  "message.spam": "spam_reason = coalesce(spam_reason, 'marked')",
  "message.not-spam": "spam_reason = NULL",
  "message.release": "held = false",
} as const;

/** Moves a message to or from Spam, or out of Held, audited; the message as it now stands, or 404. */
async function moveMessage(
  db: Queryable,
  id: string,
  action: keyof typeof MOVES,
  actor: Actor,
): Promise<ContactRecord> {
  const rows = await auditedWrite<ContactRecord>(
    db,
    `UPDATE contact_messages SET ${MOVES[action]} WHERE id = $1 RETURNING ${CONTACT_COLUMNS}`,
    [id],
    { action, ...actorEntry(actor) },
  );
  if (!rows[0]) throw new HttpError(404, "Contact message not found");
  return toRecord(rows[0]);
}

/**
 * Files a message under Spam ("Spam", for one the rules let through): it leaves the inbox, the Leads and the
 * counts, and stays kept with its notes and thread; "Not spam" brings it back.
 */
export const markSpam = (db: Queryable, id: string, actor: Actor) => moveMessage(db, id, "message.spam", actor);

/** Moves a flagged message back to the inbox ("Not spam"). */
export const markNotSpam = (db: Queryable, id: string, actor: Actor) => moveMessage(db, id, "message.not-spam", actor);

/** Releases a message held past the daily ceiling. */
export const releaseHeld = (db: Queryable, id: string, actor: Actor) => moveMessage(db, id, "message.release", actor);

/** Sets a message's handled flag and writes its activity-log entry, atomically; undefined when no message has that id. */
export async function setContactHandled(
  db: Queryable,
  id: string,
  handled: boolean,
  actor: Actor,
): Promise<ContactRecord | undefined> {
  const rows = await auditedWrite<ContactRecord>(
    db,
    `UPDATE contact_messages SET handled = $2 WHERE id = $1 RETURNING ${CONTACT_COLUMNS}`,
    [id, handled],
    {
      action: handled ? "message.handled" : "message.unhandled",
      ...actorEntry(actor),
    },
  );
  return rows[0] && toRecord(rows[0]);
}
