/**
 * The failure stop: after PASSWORD_FAILURE_STOP wrong passwords since the last success an account stops taking
 * passwords, except from a browser holding its known-device token, whose failures never count. The stop lifts
 * itself PASSWORD_STOP_SECONDS after it began (or when an admin re-enables the account), and the owner and the
 * admins are e-mailed when it begins, so an attacker can slow an owner down but not lock them out.
 */
import { PASSWORD_FAILURE_STOP, PASSWORD_STOP_SECONDS } from "~/server/config";
import type { Queryable } from "~/server/db";
import { queueAdminNotice, queueSecurityNotice, type NoticeOrigin } from "~/server/notifications/security";

/** SQL: the account (alias `u`) is stopped now, the stop having begun less than a day ago. */
export const STOPPED_SQL = `(u.password_stopped_at IS NOT NULL
  AND u.password_stopped_at > now() - make_interval(secs => ${PASSWORD_STOP_SECONDS}))`;

/**
 * One more wrong password (or second-factor code) for `userId`; a stop that has run its day is forgotten first,
 * so counting starts afresh. Reaching the stop records when it began and queues the e-mails. A null `userId`
 * (an unknown name) updates nothing but costs the same statement.
 */
export async function countFailure(db: Queryable, userId: string | null, origin: NoticeOrigin): Promise<void> {
  const [row] = await db.query<{ id: string; username: string; stoppedNow: boolean }>(
    `UPDATE staff_users u SET
       failed_logins = CASE WHEN u.password_stopped_at IS NOT NULL AND NOT ${STOPPED_SQL} THEN 1 ELSE u.failed_logins + 1 END,
       password_stopped_at = CASE
         WHEN u.password_stopped_at IS NOT NULL AND NOT ${STOPPED_SQL} THEN NULL
         WHEN u.password_stopped_at IS NULL AND u.failed_logins + 1 >= $2 THEN now()
         ELSE u.password_stopped_at END
     WHERE u.id = $1
     RETURNING u.id, u.username, u.failed_logins = $2 AND u.password_stopped_at IS NOT NULL AS "stoppedNow"`,
    [userId, PASSWORD_FAILURE_STOP],
  );
  if (!row?.stoppedNow) return;
  await queueSecurityNotice(db, row.id, "account-stopped", origin);
  await queueAdminNotice(db, "account-stopped-admin", { ...origin, detail: row.username });
}
