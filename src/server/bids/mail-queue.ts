/**
 * Queues the bid e-mails in the notification outbox, inside the caller's statement order: a signer's link,
 * code, reminder and expiry notice, the sender's updates, and the sealed PDF to everyone. What each says is
 * composed when it is sent (./emails.ts) from the rows and the row's `facts`.
 */
import type { Queryable } from "~/server/db";
import { sql } from "~/server/db/sql";
import { env } from "~/server/env";
import { messageIdHost } from "~/server/notifications/outbox";

/** The kinds of bid e-mail (the outbox's `kind`). */
export type BidMailKind = "bid-link" | "bid-code" | "bid-reminder" | "bid-expiry" | "bid-update" | "bid-sealed";

/** What a sender's update announces. */
export interface UpdateFacts {
  event: "viewed" | "signed" | "accepted" | "declined" | "renewal-asked" | "seal-failed";
  signer?: string;
  reason?: string;
}

const messageId = (kind: BidMailKind) =>
  sql`${kind}::text || '-' || gen_random_uuid()::text || '@' || ${messageIdHost(env().SITE_URL)}::text`;

/** Queues `kind` to one signer, sent from `at` (now unless given). */
export async function queueSignerMail(
  db: Queryable,
  kind: BidMailKind,
  signerId: string,
  facts: object = {},
  at: Date = new Date(),
): Promise<void> {
  const statement = sql`INSERT INTO notification_outbox (kind, bid_version_id, bid_signer_id, recipient, message_id, facts, next_attempt_at)
    SELECT ${kind}, s.version_id, s.id, s.email, ${messageId(kind)}, ${JSON.stringify(facts)}::jsonb, ${at}
    FROM bid_signers s WHERE s.id = ${signerId}`;
  await db.query(statement.text, statement.values);
}

/** The statement that queues `kind` to a version's sender at their confirmed notification address (if any). */
const toSender = (kind: BidMailKind, versionId: string, facts: object) =>
  sql`INSERT INTO notification_outbox (kind, bid_version_id, recipient_id, recipient, message_id, facts)
    SELECT ${kind}, v.id, u.id, u.email, ${messageId(kind)}, ${JSON.stringify(facts)}::jsonb
    FROM bid_versions v JOIN staff_users u ON u.id = v.sent_by
    WHERE v.id = ${versionId} AND u.email IS NOT NULL AND u.disabled_at IS NULL`;

/** Queues an update to the version's sender. */
export async function queueSenderUpdate(db: Queryable, versionId: string, facts: UpdateFacts): Promise<void> {
  const statement = toSender("bid-update", versionId, facts);
  await db.query(statement.text, statement.values);
}

/** Queues the sealed PDF to every signer and to the sender. */
export async function queueSealedMail(db: Queryable, versionId: string): Promise<void> {
  const signers = sql`INSERT INTO notification_outbox (kind, bid_version_id, bid_signer_id, recipient, message_id, facts)
    SELECT 'bid-sealed', s.version_id, s.id, s.email, ${messageId("bid-sealed")}, '{}'::jsonb
    FROM bid_signers s WHERE s.version_id = ${versionId}`;
  const sender = toSender("bid-sealed", versionId, {});
  await db.query(signers.text, signers.values);
  await db.query(sender.text, sender.values);
}
