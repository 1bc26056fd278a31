/**
 * Changes a signed-in person makes to their own account: the display name, the password, their sessions.
 * Each change and its activity-log entry commit together; a wrong or too frequent password is refused.
 */
import { actorEntry, audit } from "~/server/activity/audit";
import type { Actor } from "~/server/auth/middleware";
import type { Db } from "~/server/db";
import { HttpError } from "~/server/http";
import type { Account } from "~/schemas/own-account";
import { admit, refundHit, retryAfter, type Limit } from "~/server/rate-limit";
import { PASSWORD_CHANGE_LIMIT } from "~/server/config";
import { queueSecurityNotice } from "~/server/notifications/security";
import { hashPassword, verifyPassword } from "~/server/auth/password";
import { requireStrongPassword } from "~/server/auth/password-rules";
import { endSession, endSessions } from "~/server/auth/commands/sessions";
import { readAccount } from "./queries";

const auditOf = (actor: Actor) => ({ ...actorEntry(actor), targetId: actor.staff.id });

/** Changes the caller's display name. */
export async function renameAccount(db: Db, displayName: string, actor: Actor): Promise<Account> {
  return db.transaction(async (tx) => {
    await tx.query("UPDATE staff_users SET display_name = $2 WHERE id = $1", [actor.staff.id, displayName]);
    await audit(tx, { action: "account.update", ...auditOf(actor), detail: "display name" });
    return readAccount(tx, actor.staff.id);
  });
}

/** The password change's throttle: wrong current passwords per account (a session token cannot guess on and on). */
const passwordChangeLimit = (userId: string): Limit => ({
  bucket: "password-change",
  key: userId,
  max: PASSWORD_CHANGE_LIMIT.max,
  windowSeconds: PASSWORD_CHANGE_LIMIT.windowSeconds,
});

/**
 * Changes the caller's password after checking the current one; every other session of theirs ends, this one
 * stays, and the owner is e-mailed. Each check of the current password is counted first (429 with Retry-After
 * past `PASSWORD_CHANGE_LIMIT`, before any hashing), and a right one gives its hit back. Wrong ones do not count
 * toward the sign-in failure stop: whoever holds the session cannot push its owner into it from here.
 */
export async function changePassword(
  db: Db,
  input: { currentPassword: string; newPassword: string },
  actor: Actor,
): Promise<void> {
  const limit = passwordChangeLimit(actor.staff.id);
  const at = await admit(db, limit);
  if (at === undefined)
    throw new HttpError(429, "Too many wrong passwords, try again later", {
      headers: { "Retry-After": String(await retryAfter(db, limit)) },
    });
  const [row] = await db.query<{ hash: string | null }>("SELECT password_hash AS hash FROM staff_users WHERE id = $1", [
    actor.staff.id,
  ]);
  if (!row?.hash || !(await verifyPassword(input.currentPassword, row.hash))) {
    throw new HttpError(400, "Current password is wrong", {
      code: "wrong_password",
      issues: [{ path: ["currentPassword"], message: "Current password is wrong", code: "wrong" }],
    });
  }
  await refundHit(db, limit, at);
  requireStrongPassword(input.newPassword, [actor.staff.username, actor.staff.displayName], "newPassword");
  const hash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.query(
      "UPDATE staff_users SET password_hash = $2, failed_logins = 0, password_stopped_at = NULL WHERE id = $1",
      [actor.staff.id, hash],
    );
    await endSessions(tx, actor.staff.id, actor.staff.sessionId);
    await audit(tx, { action: "password.change", ...auditOf(actor) });
    await queueSecurityNotice(tx, actor.staff.id, "password-changed", actor);
  });
}

/** Ends one of the caller's sessions (404 when it is not theirs or already over). */
export async function signOutSession(db: Db, sessionId: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await endSession(tx, actor.staff.id, sessionId))) throw new HttpError(404, "Session not found");
    await audit(tx, { action: "session.end", ...auditOf(actor), detail: "one session" });
  });
}

/** Ends every session of the caller but this one; returns how many ended. */
export async function signOutOthers(db: Db, actor: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await endSessions(tx, actor.staff.id, actor.staff.sessionId);
    await audit(tx, { action: "session.end", ...auditOf(actor), detail: `${ended} other sessions` });
    return ended;
  });
}
