/**
 * Each staff member's notification settings. While anyone receives notifications, at least one enabled staff
 * member with an address must keep receiving them: a change that would leave nobody is refused. A new address
 * receives nothing until the link mailed to it is opened (ADDRESS_CONFIRM_SECONDS): whoever holds a session
 * cannot quietly point someone's e-mails, security notices included, at an address of their own.
 */
import { createHash, randomBytes } from "node:crypto";
import type { NotificationPreferences, NotificationSettings } from "~/schemas/notification-preferences";
import { actorEntry, audit, type AuditAction } from "~/server/activity/audit";
import type { Actor } from "~/server/auth/middleware";
import type { Db, Queryable } from "~/server/db";
import { env } from "~/server/env";
import { HttpError } from "~/server/http";
import { queueAddressConfirmation, queueSecurityNotice } from "./security";
import { CONFIRM_ADDRESS_PAGE } from "./security-texts";
import { readPreferences } from "./queries";

/** Refusal of a change that would leave no one receiving the e-mails. */
export const LAST_RECIPIENT_MESSAGE =
  "You are the last person who receives new-message e-mails. Ask a colleague to turn theirs on first, so that leads keep reaching someone.";

/** How long the link that confirms a new notification address works. */
export const ADDRESS_CONFIRM_SECONDS = 24 * 60 * 60;

/** The answer to a confirmation link that is unknown, used or expired. */
export const ADDRESS_LINK_INVALID =
  "This confirmation link is not valid or has expired. Save the address again for a new one.";

/** The SHA-256 a confirmation link's secret is stored as. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const same = (a: string | null, b: string | null) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/**
 * Whether saving `wanted` points the e-mails somewhere new: another address than the confirmed one and than the
 * one still waiting for its link, or none where there was one.
 */
export function addressChanges(current: NotificationSettings, wanted: string | null, now = new Date()): boolean {
  if (wanted === null) return current.email !== null;
  const pendingLive = current.pendingUntil !== null && new Date(current.pendingUntil) > now;
  return !same(wanted, current.email) && !(pendingLive && same(wanted, current.pendingEmail));
}

/**
 * Saves a staff member's settings. The address: none removes it at once (the old one is told); the confirmed one
 * keeps it (and drops a pending one); one already waiting for its unexpired link changes nothing; any other waits
 * for the link mailed to it, while e-mails keep going to the confirmed address. Every recipient's row is locked
 * first: two people turning theirs off at once are decided one after the other, so they cannot both leave.
 * Throws 409 when the change would leave recipients configured before and none after.
 */
export async function savePreferences(
  db: Db,
  actor: Actor,
  preferences: NotificationPreferences,
): Promise<NotificationSettings> {
  const staffId = actor.staff.id;
  return db.transaction(async (tx) => {
    const recipients = await tx.query<{ id: string }>(
      `SELECT id FROM staff_users WHERE notify <> 'none' AND email IS NOT NULL AND disabled_at IS NULL
       ORDER BY id FOR UPDATE`,
    );
    const [current] = await tx.query<{ email: string | null; pendingEmail: string | null; pendingLive: boolean }>(
      `SELECT email, pending_email AS "pendingEmail", pending_email_expires_at > now() AS "pendingLive"
       FROM staff_users WHERE id = $1 FOR UPDATE`,
      [staffId],
    );
    if (!current) throw new HttpError(404, "Staff member not found");
    const wanted = preferences.email;
    const email = wanted === null ? null : current.email;
    const leaves = preferences.notify === "none" || email === null;
    if (leaves && recipients.length > 0 && !recipients.some((r) => r.id !== staffId))
      throw new HttpError(409, LAST_RECIPIENT_MESSAGE);
    await tx.query("UPDATE staff_users SET notify = $2, email = $3 WHERE id = $1", [
      staffId,
      preferences.notify,
      email,
    ]);
    const log = (action: AuditAction, detail: string | null) =>
      audit(tx, {
        action,
        detail,
        ...actorEntry(actor),
        targetId: staffId,
      });
    if (wanted === null || same(wanted, current.email)) {
      await setPending(tx, staffId, null);
      if (wanted === null && current.email) {
        await log("notification.address-remove", null);
        await queueSecurityNotice(tx, staffId, "address-removed", actor, current.email);
      }
    } else if (!(same(wanted, current.pendingEmail) && current.pendingLive)) {
      const token = randomBytes(32).toString("base64url");
      await setPending(tx, staffId, { address: wanted, tokenHash: hashToken(token) });
      const link = new URL(`${CONFIRM_ADDRESS_PAGE}#${token}`, env().SITE_URL).href;
      await queueAddressConfirmation(tx, staffId, wanted, link);
      await log("notification.address-request", wanted);
    }
    return readPreferences(tx, staffId);
  });
}

/** Sets (or with null clears) the address waiting for its confirmation link. */
async function setPending(
  tx: Queryable,
  staffId: string,
  pending: { address: string; tokenHash: string } | null,
): Promise<void> {
  await tx.query(
    `UPDATE staff_users SET pending_email = $2, pending_email_token_hash = $3,
       pending_email_expires_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() + make_interval(secs => $4) END
     WHERE id = $1`,
    [staffId, pending?.address ?? null, pending?.tokenHash ?? null, ADDRESS_CONFIRM_SECONDS],
  );
}

/**
 * Opens a confirmation link: its address becomes the person's notification address and the one before is told.
 * No sign-in needed (the link proves the mailbox); 400 for a link unknown, used or past its 24 hours. Returns
 * whose address it now is (for the caller's delivery, not for the answer) and the address.
 */
export async function confirmAddress(
  db: Db,
  token: string,
  client: { ip: string | null; userAgent: string | null },
): Promise<{ staffId: string; email: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string; username: string; old: string | null; email: string }>(
      `UPDATE staff_users u SET email = u.pending_email, pending_email = NULL, pending_email_token_hash = NULL,
         pending_email_expires_at = NULL
       FROM (SELECT id, email AS old FROM staff_users WHERE pending_email_token_hash = $1
             AND pending_email_expires_at > now() FOR UPDATE) prior
       WHERE u.id = prior.id
       RETURNING u.id, u.username, prior.old, u.email`,
      [hashToken(token)],
    );
    if (!row) throw new HttpError(400, ADDRESS_LINK_INVALID);
    await audit(tx, {
      action: "notification.address-confirm",
      userId: row.id,
      username: row.username,
      targetId: row.id,
      ip: client.ip,
      userAgent: client.userAgent,
      detail: row.email,
    });
    if (row.old && !same(row.old, row.email))
      await queueSecurityNotice(tx, row.id, "address-changed", { ...client, address: row.email }, row.old);
    return { staffId: row.id, email: row.email };
  });
}
