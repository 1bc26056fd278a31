/**
 * What every sign-in method (password, passkey, invitation) ends with: the session it opens, the activity-log
 * entry and the known-device token the browser keeps.
 */
import { KNOWN_DEVICE_TTL_SECONDS } from "~/server/config";
import { audit } from "~/server/activity/audit";
import type { Db, Queryable } from "~/server/db";
import { queueSecurityNotice } from "~/server/notifications/security";
import { startSession, type SessionMethod } from "./sessions";
import { issueDeviceToken } from "../tokens";

/** Who is asking, for throttling and the audit log. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** What a finished sign-in hands the browser: its session token and its known-device token. */
export interface SignedIn {
  token: string;
  deviceToken: string;
}

/**
 * Completes a sign-in for `user` once every factor it needs has passed: clears its failure count, records its
 * last sign-in, writes the audit entry and opens its session, in one transaction.
 */
export async function completeSignIn(
  db: Db,
  user: { id: string; username: string },
  how: SignInHow,
  client: ClientMeta,
): Promise<SignedIn> {
  const token = await db.transaction((tx) => openSignedInSession(tx, user, how, client));
  return withDeviceToken(user.id, token);
}

/** How a sign-in was made, for its session and its activity-log entry. */
export interface SignInHow {
  method: SessionMethod;
  remember: boolean;
  /** The factors used, in words ("password + totp"); the method when absent. */
  detail?: string;
  mustEnrol?: boolean;
  /** The browser had no known-device token of this account: its owner is e-mailed about the sign-in. */
  newDevice?: boolean;
}

/** `completeSignIn`'s writes, inside the caller's transaction; returns the session token. */
export async function openSignedInSession(
  tx: Queryable,
  user: { id: string; username: string },
  how: SignInHow,
  client: ClientMeta,
): Promise<string> {
  // Only a password sign-in clears the count of wrong passwords: a passkey does not lift a stop on passwords.
  await tx.query(
    `UPDATE staff_users SET failed_logins = CASE WHEN $3::boolean THEN 0 ELSE failed_logins END,
       password_stopped_at = CASE WHEN $3::boolean THEN NULL ELSE password_stopped_at END, last_login_at = now(),
       last_login_ip = $2 WHERE id = $1`,
    [user.id, client.ip, how.method === "password"],
  );
  if (how.newDevice) await queueSecurityNotice(tx, user.id, "new-device", client);
  await audit(tx, {
    action: "login.success",
    userId: user.id,
    username: user.username,
    ip: client.ip,
    userAgent: client.userAgent,
    detail: how.detail ?? how.method,
  });
  return startSession(tx, user.id, { remember: how.remember, method: how.method, mustEnrol: how.mustEnrol, ...client });
}

/** A finished sign-in's answer: the session token and a fresh known-device token for this browser. */
export async function withDeviceToken(userId: string, token: string): Promise<SignedIn> {
  return { token, deviceToken: await issueDeviceToken(userId, KNOWN_DEVICE_TTL_SECONDS) };
}
