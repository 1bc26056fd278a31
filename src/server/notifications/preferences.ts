/**
 * Each staff member's notification settings. While anyone receives notifications, at least one enabled staff
 * member with an address must keep receiving them: a change that would leave nobody is refused.
 */
import type { NotificationPreferences } from "~/schemas/notification-preferences";
import type { Queryable } from "~/server/db";
import { HttpError } from "~/server/http";

/** Refusal of a change that would leave no one receiving the e-mails. */
export const LAST_RECIPIENT_MESSAGE =
  "You are the last person who receives new-message e-mails. Ask a colleague to turn theirs on first, so that leads keep reaching someone.";

/** A staff member's settings. */
export async function readPreferences(db: Queryable, staffId: string): Promise<NotificationPreferences> {
  const [row] = await db.query<NotificationPreferences>("SELECT email, notify FROM staff_users WHERE id = $1", [
    staffId,
  ]);
  if (!row) throw new HttpError(404, "Staff member not found");
  return row;
}

/**
 * Saves a staff member's settings, in one statement that first locks every current recipient's row: two
 * people turning theirs off at once are decided one after the other, so they cannot both leave.
 * Throws 409 when the change would leave recipients configured before and none after.
 */
export async function savePreferences(
  db: Queryable,
  staffId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  const [row] = await db.query<NotificationPreferences>(
    `WITH recipients AS (
       SELECT id FROM staff_users
       WHERE notify <> 'none' AND email IS NOT NULL AND disabled_at IS NULL
       ORDER BY id FOR UPDATE
     )
     UPDATE staff_users SET email = $2, notify = $3
     WHERE id = $1
       AND ($3 <> 'none' OR NOT EXISTS (SELECT 1 FROM recipients) OR EXISTS (SELECT 1 FROM recipients WHERE id <> $1))
     RETURNING email, notify`,
    [staffId, preferences.email, preferences.notify],
  );
  if (!row) throw new HttpError(409, LAST_RECIPIENT_MESSAGE);
  return row;
}
