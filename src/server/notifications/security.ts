/**
 * Security e-mails: the one helper every change to how someone signs in calls, queued in the caller's
 * transaction so the e-mail exists exactly when the change commits. They go to the person's confirmed
 * notification address; a person without one gets none.
 */
import type { Queryable } from "~/server/db";
import { env } from "~/server/env";
import { messageIdHost } from "./outbox";
import type { NoticeFacts, SecurityNotice } from "./security-texts";

/** Where and how a change was made, as the e-mail tells it. */
export interface NoticeOrigin {
  ip?: string | null;
  userAgent?: string | null;
  detail?: string | null;
  address?: string | null;
}

/** The outbox row's INSERT for `recipients` (a SELECT of `id, email` rows); $1 notice, $2 facts, $3 host. */
const insertFor = (recipients: string, kind = "security") =>
  `INSERT INTO notification_outbox (kind, recipient_id, recipient, message_id, notice, facts)
   SELECT '${kind}', r.id, r.email, 'security-' || gen_random_uuid()::text || '@' || $3::text, $1, $2::jsonb
   FROM (${recipients}) r WHERE r.email IS NOT NULL
   RETURNING id`;

const factsOf = (origin: NoticeOrigin): NoticeFacts => ({
  at: new Date().toISOString(),
  ip: origin.ip ?? null,
  userAgent: origin.userAgent?.slice(0, 512) ?? null,
  detail: origin.detail ?? null,
  address: origin.address ?? null,
});

/**
 * Queues `notice` for `userId` at their confirmed notification address (`to` instead: the old address when
 * the address itself changed). Returns how many e-mails were queued: 0 for a person without an address.
 */
export async function queueSecurityNotice(
  db: Queryable,
  userId: string,
  notice: SecurityNotice,
  origin: NoticeOrigin = {},
  to?: string | null,
): Promise<number> {
  const rows = await db.query(
    insertFor(`SELECT id, ${to === undefined ? "email" : "$5::text AS email"} FROM staff_users WHERE id = $4`),
    [notice, JSON.stringify(factsOf(origin)), messageIdHost(env().SITE_URL), userId, ...(to === undefined ? [] : [to])],
  );
  return rows.length;
}

/** Queues `notice` for every active admin with a confirmed address; returns how many were queued. */
export async function queueAdminNotice(db: Queryable, notice: SecurityNotice, origin: NoticeOrigin): Promise<number> {
  const rows = await db.query(
    insertFor("SELECT id, email FROM staff_users WHERE role = 'admin' AND disabled_at IS NULL"),
    [notice, JSON.stringify(factsOf(origin)), messageIdHost(env().SITE_URL)],
  );
  return rows.length;
}

/** Queues the e-mail with the link that confirms `address` as `userId`'s notification address. */
export async function queueAddressConfirmation(
  db: Queryable,
  userId: string,
  address: string,
  link: string,
): Promise<void> {
  await db.query(insertFor("SELECT id, $5::text AS email FROM staff_users WHERE id = $4", "address-confirm"), [
    "address-confirm",
    JSON.stringify({ ...factsOf({ address }), link }),
    messageIdHost(env().SITE_URL),
    userId,
    address,
  ]);
}
