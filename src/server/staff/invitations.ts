/** One-time links as the invited person uses them: what a link is for, and choosing its password. */
import { KNOWN_DEVICE_TTL_SECONDS } from "~/server/config";
import { audit } from "~/server/activity/audit";
import type { ClientMeta, SignedIn } from "~/server/auth/sign-in";
import { hashPassword } from "~/server/auth/password";
import { requireStrongPassword } from "~/server/auth/password-rules";
import { startSession } from "~/server/auth/sessions";
import { issueDeviceToken } from "~/server/auth/tokens";
import type { Db, Queryable } from "~/server/db";
import { HttpError } from "~/server/http";
import { readSettings } from "~/server/auth/company-settings";
import { hashInvitationToken } from "./accounts";

/** Who a valid link is for. */
export interface InvitationInfo {
  userId: string;
  username: string;
  displayName: string;
}

/** The answer for a link that cannot be used; the page shows it as it is. */
const gone = (message: string) => new HttpError(410, message);

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

/**
 * Sets the invited person's password and signs them in (to a session that may only set up a second factor while
 * the company requires one: `setupSecondFactor`). The link is spent in the same transaction, on the
 * condition that it is still unused and unexpired, so two tabs racing with one link cannot both succeed.
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; password: string },
  client: ClientMeta,
): Promise<SignedIn & { setupSecondFactor?: true }> {
  const info = await invitationInfo(db, input.token);
  requireStrongPassword(input.password, [info.username, info.displayName], "password");
  const hash = await hashPassword(input.password);
  const session = await db.transaction(async (tx) => {
    const spent = await tx.query(
      `UPDATE staff_invitations SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING 1`,
      [hashInvitationToken(input.token)],
    );
    if (!spent.length) throw gone("This link has already been used. Ask an admin for a new one.");
    await tx.query(
      "UPDATE staff_users SET password_hash = $2, failed_logins = 0, last_login_at = now(), last_login_ip = $3 WHERE id = $1",
      [info.userId, hash, client.ip],
    );
    await audit(tx, {
      action: "invitation.accept",
      userId: info.userId,
      username: info.username,
      targetId: info.userId,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    // The link gives a password, one factor: while the company requires two, the session may only add the other.
    const mustEnrol = (await readSettings(tx)).requireSecondFactor;
    const token = await startSession(tx, info.userId, { remember: false, method: "invitation", mustEnrol, ...client });
    return { token, mustEnrol };
  });
  const signedIn = { token: session.token, deviceToken: await issueDeviceToken(info.userId, KNOWN_DEVICE_TTL_SECONDS) };
  return session.mustEnrol ? { ...signedIn, setupSecondFactor: true } : signedIn;
}
