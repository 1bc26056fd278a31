/**
 * Queues the bid e-mails in the notification outbox, inside the caller's statement order: a signer's link,
 * code, reminder and expiry notice, the sender's updates, and the sealed PDF to everyone. What each says is
 * composed when it is sent (./emails.ts) from the rows and the row's `facts`.
 */
import type { Queryable } from "~/server/db";
import { sql, type Sql } from "~/server/db/sql";
import { env } from "~/server/env";
import { messageIdHost } from "~/server/notifications/outbox";

/** The kinds of bid e-mail (the outbox's `kind`). */
export const BID_MAIL_KINDS = [
  "bid-link",
  "bid-code",
  "bid-reminder",
  "bid-expiry",
  "bid-update",
  "bid-sealed",
] as const;
export type BidMailKind = (typeof BID_MAIL_KINDS)[number];

/** What a sender's update announces. */
export interface UpdateFacts {
  event: "viewed" | "signed" | "accepted" | "declined" | "renewal-asked" | "codes-spent";
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

/** The statement that queues `kind` to the sender of each version of `versions` (a CTE or table with `id`). */
const toSenderOf = (kind: BidMailKind, versions: Sql, facts: object) =>
  sql`INSERT INTO notification_outbox (kind, bid_version_id, recipient_id, recipient, message_id, facts)
    SELECT ${kind}, v.id, u.id, u.email, ${messageId(kind)}, ${JSON.stringify(facts)}::jsonb
    FROM ${versions} x JOIN bid_versions v ON v.id = x.id JOIN staff_users u ON u.id = v.sent_by
    WHERE u.email IS NOT NULL AND u.disabled_at IS NULL`;

/** Queues an update to the version's sender, at their confirmed notification address (if they have one). */
export async function queueSenderUpdate(db: Queryable, versionId: string, facts: UpdateFacts): Promise<void> {
  const statement = sql`WITH x AS (SELECT ${versionId}::uuid AS id) ${toSenderOf("bid-update", sql`x`, facts)}`;
  await db.query(statement.text, statement.values);
}

/**
 * The steps that queue the sealed PDF to every signer and to the sender of each version of `sealed` (a CTE with
 * `id`), to run inside the statement that stores the seal: the e-mails exist exactly when the seal does.
 */
export const sealedMailSql = (sealed: Sql): Sql[] => [
  sql`INSERT INTO notification_outbox (kind, bid_version_id, bid_signer_id, recipient, message_id, facts)
    SELECT 'bid-sealed', s.version_id, s.id, s.email, ${messageId("bid-sealed")}, '{}'::jsonb
    FROM ${sealed} x JOIN bid_signers s ON s.version_id = x.id`,
  toSenderOf("bid-sealed", sealed, {}),
];
