/**
 * Staff accounts as the admins read them, and what an invitation link shows before it is used.
 * Reads only; nothing here refuses but by finding nothing (a link used, expired or disabled is gone: 410).
 */
import { createHash } from "node:crypto";
import type { StaffAccount } from "~/schemas/staff-accounts";
import { STOPPED_SQL } from "~/server/auth/failure-stop";
import type { Queryable } from "~/server/db";
import { HttpError } from "~/server/http";

const ACCOUNT_COLUMNS = `u.id, u.username, u.display_name AS "displayName", u.role,
  CASE WHEN u.disabled_at IS NOT NULL THEN 'disabled' WHEN u.password_hash IS NULL THEN 'invited' ELSE 'active' END AS status,
  ${STOPPED_SQL} AS "passwordLocked", u.email, u.pending_email AS "pendingEmail",
  u.last_login_at AS "lastLoginAt", u.last_login_ip AS "lastLoginIp",
  EXISTS (SELECT 1 FROM staff_totp t WHERE t.user_id = u.id AND t.confirmed) AS totp,
  (SELECT count(*)::int FROM staff_passkeys p WHERE p.user_id = u.id) AS passkeys`;

const toAccount = (row: StaffAccount): StaffAccount => ({
  ...row,
  lastLoginAt: row.lastLoginAt ? new Date(row.lastLoginAt).toISOString() : null,
});

/** The SHA-256 a link's secret is stored as. */
export const hashInvitationToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Every account, by display name. */
export async function listStaff(db: Queryable): Promise<StaffAccount[]> {
  const rows = await db.query<StaffAccount>(
    `SELECT ${ACCOUNT_COLUMNS} FROM staff_users u ORDER BY lower(coalesce(nullif(u.display_name, ''), u.username)), u.id`,
  );
  return rows.map(toAccount);
}

export async function accountById(db: Queryable, id: string): Promise<StaffAccount> {
  const [row] = await db.query<StaffAccount>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_users u WHERE u.id = $1`, [id]);
  if (!row) throw new HttpError(404, "Staff member not found");
  return toAccount(row);
}

/** Who a valid link is for. */
export interface InvitationInfo {
  userId: string;
  username: string;
  displayName: string;
}

/** The answer for a link that cannot be used; the page shows it as it is. */
export const gone = (message: string) => new HttpError(410, message);

/** The person a link is for, or 410 naming why it cannot be used (unknown, used, expired, account disabled). */
export async function invitationInfo(db: Queryable, token: string): Promise<InvitationInfo> {
  const [row] = await db.query<InvitationInfo & { used: boolean; expired: boolean; disabled: boolean }>(
    `SELECT u.id AS "userId", u.username, u.display_name AS "displayName", i.used_at IS NOT NULL AS used,
       i.expires_at <= now() AS expired, u.disabled_at IS NOT NULL AS disabled
     FROM staff_invitations i JOIN staff_users u ON u.id = i.user_id WHERE i.token_hash = $1`,
    [hashInvitationToken(token)],
  );
  if (!row) throw gone("This link is not valid. Ask an admin for a new one.");
  if (row.used) throw gone("This link has already been used. Ask an admin for a new one.");
  if (row.expired) throw gone("This link has expired. Ask an admin for a new one.");
  if (row.disabled) throw gone("This account is disabled. Ask an admin.");
  return { userId: row.userId, username: row.username, displayName: row.displayName };
}
