/** Who sees the notification settings on the inbox screen. */
import type { PortalSession } from "~/schemas/session";

/**
 * Whether the signed-in staff member may see the inbox's notification settings, which the issue puts in an
 * admin-only section until the account screen exists. Staff accounts have no roles yet, so everyone counts as
 * an admin; when roles arrive, this is the one place that changes.
 */
export function seesNotificationSettings(_session: PortalSession | undefined): boolean {
  return true;
}
