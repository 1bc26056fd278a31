/**
 * A staff member's notification settings as they read them. Reads only.
 */
import type { NotificationSettings } from "~/schemas/notification-preferences";
import type { Queryable } from "~/server/db";
import { HttpError } from "~/server/http";

const SETTINGS_COLUMNS = `email, notify, pending_email AS "pendingEmail",
  CASE WHEN pending_email IS NULL THEN NULL ELSE pending_email_expires_at END AS "pendingUntil"`;

const toSettings = (row: NotificationSettings & { pendingUntil: Date | string | null }): NotificationSettings => ({
  ...row,
  pendingUntil: row.pendingUntil ? new Date(row.pendingUntil).toISOString() : null,
});

/** A staff member's settings. */
export async function readPreferences(db: Queryable, staffId: string): Promise<NotificationSettings> {
  const [row] = await db.query<NotificationSettings>(`SELECT ${SETTINGS_COLUMNS} FROM staff_users WHERE id = $1`, [
    staffId,
  ]);
  if (!row) throw new HttpError(404, "Staff member not found");
  return toSettings(row);
}
