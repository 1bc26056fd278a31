/**
 * Staff accounts as the admins run them: invitations and resets (one-time links), role changes, disabling and
 * enabling, the rule that the last active admin stays one, and accepting an invitation. Every change and its
 * activity-log entry commit together; what breaks a rule is refused with a coded error.
 */
import { randomBytes } from "node:crypto";
import type { Invitation, StaffAccount, StaffRole } from "~/schemas/staff-accounts";
import { actorEntry, audit, type AuditAction } from "~/server/activity/audit";
import type { Actor } from "~/server/auth/middleware";
import { endSessions, startSession } from "~/server/auth/commands/sessions";
import { INVITATION_TTL_SECONDS, KNOWN_DEVICE_TTL_SECONDS } from "~/server/config";
import type { Db, Queryable } from "~/server/db";
import { HttpError } from "~/server/http";
import type { ClientMeta, SignedIn } from "~/server/auth/commands/sign-in";
import { hashPassword } from "~/server/auth/password";
import { requireStrongPassword } from "~/server/auth/password-rules";
import { issueDeviceToken } from "~/server/auth/tokens";
import { readSettings } from "~/server/auth/queries/settings";
import { accountById, gone, hashInvitationToken, invitationInfo } from "./queries";

/** Where the browser opens an invitation; the secret rides in the fragment, which no server ever logs. */
export const INVITATION_PAGE = "/portal/invitation";

const entry = (actor: Actor, action: AuditAction, targetId: string, detail: string | null = null) => ({
  action,
  targetId,
  detail,
  ...actorEntry(actor),
});

/** A fresh one-time link for `userId`; any earlier unused link of theirs stops working. */
async function issueInvitation(
  tx: Queryable,
  userId: string,
  actor: Actor,
): Promise<{ link: string; expiresAt: string }> {
  await tx.query("DELETE FROM staff_invitations WHERE user_id = $1 AND used_at IS NULL", [userId]);
  const token = randomBytes(32).toString("base64url");
  const [row] = await tx.query<{ expiresAt: Date | string }>(
    `INSERT INTO staff_invitations (user_id, token_hash, created_by, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING expires_at AS "expiresAt"`,
    [userId, hashInvitationToken(token), actor.staff.id, INVITATION_TTL_SECONDS],
  );
  return { link: `${INVITATION_PAGE}#${token}`, expiresAt: new Date(row!.expiresAt).toISOString() };
}

/** Adds a person without a password and returns their invitation (409 when the username is taken). */
export async function inviteStaff(
  db: Db,
  input: { displayName: string; username: string; role: StaffRole },
  actor: Actor,
): Promise<Invitation> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO staff_users (username, display_name, role) VALUES ($1, $2, $3)
       ON CONFLICT (username) DO NOTHING RETURNING id`,
      [input.username, input.displayName, input.role],
    );
    if (!row) throw new HttpError(409, `Username "${input.username}" is taken`);
    const link = await issueInvitation(tx, row.id, actor);
    await audit(tx, entry(actor, "staff.invite", row.id, `${input.username} as ${input.role}`));
    return { account: await accountById(tx, row.id), ...link };
  });
}

/**
 * A new one-time link for a person: their password, second factor, passkeys and notification address are removed
 * and every session of theirs ends at once, so whoever held any of them is out; the failure count starts afresh.
 */
export async function resetStaff(db: Db, id: string, actor: Actor): Promise<Invitation> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      // The notification address goes too: whoever set it may have been the one locked out now.
      `UPDATE staff_users SET password_hash = NULL, failed_logins = 0, password_stopped_at = NULL, email = NULL,
         notify = 'none', pending_email = NULL, pending_email_token_hash = NULL, pending_email_expires_at = NULL
       WHERE id = $1 RETURNING id`,
      [id],
    );
    if (!rows.length) throw new HttpError(404, "Staff member not found");
    await tx.query("DELETE FROM staff_totp WHERE user_id = $1", [id]);
    await tx.query("DELETE FROM staff_recovery_codes WHERE user_id = $1", [id]);
    await tx.query("DELETE FROM staff_passkeys WHERE user_id = $1", [id]);
    await endSessions(tx, id);
    const link = await issueInvitation(tx, id, actor);
    await audit(tx, entry(actor, "staff.reset", id));
    return { account: await accountById(tx, id), ...link };
  });
}

/** Why a change that would leave the company without an admin who can sign in is refused. */
export const LAST_ADMIN_MESSAGE =
  "The last active admin who has signed in cannot be disabled or demoted: an invited admin who has not accepted " +
  "yet does not count. Make another admin first and let them sign in.";

/**
 * Changes a person's role, or disables or enables them. Disabling ends their sessions at once; enabling also
 * lets an account that stopped taking passwords take them again. An admin can be neither demoted nor disabled
 * (409) unless another active admin who has a password (has accepted their link, so can sign in) remains: an
 * invitation that is never accepted would otherwise leave the company with nobody to run it. The admins' rows
 * are locked first, so two admins demoting each other at once cannot both succeed.
 */
export async function changeStaff(
  db: Db,
  id: string,
  change: { role?: StaffRole; disabled?: boolean },
  actor: Actor,
): Promise<StaffAccount> {
  return db.transaction(async (tx) => {
    const admins = await tx.query<{ id: string; signedIn: boolean }>(
      `SELECT id, password_hash IS NOT NULL AS "signedIn" FROM staff_users
       WHERE role = 'admin' AND disabled_at IS NULL ORDER BY id FOR UPDATE`,
    );
    const [target] = await tx.query<{ role: StaffRole; disabled: boolean }>(
      "SELECT role, disabled_at IS NOT NULL AS disabled FROM staff_users WHERE id = $1 FOR UPDATE",
      [id],
    );
    if (!target) throw new HttpError(404, "Staff member not found");
    const losesAdmin = change.role === "staff" || change.disabled === true;
    if (losesAdmin && admins.some((a) => a.id === id) && !admins.some((a) => a.id !== id && a.signedIn))
      throw new HttpError(409, LAST_ADMIN_MESSAGE);
    if (change.role && change.role !== target.role) {
      await tx.query("UPDATE staff_users SET role = $2 WHERE id = $1", [id, change.role]);
      await audit(tx, entry(actor, "staff.role", id, change.role));
    }
    if (change.disabled === true && !target.disabled) {
      await tx.query("UPDATE staff_users SET disabled_at = now() WHERE id = $1", [id]);
      await endSessions(tx, id);
      await audit(tx, entry(actor, "staff.disable", id));
    } else if (change.disabled === false) {
      await tx.query(
        "UPDATE staff_users SET disabled_at = NULL, failed_logins = 0, password_stopped_at = NULL WHERE id = $1",
        [id],
      );
      await audit(tx, entry(actor, "staff.enable", id));
    }
    return accountById(tx, id);
  });
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
