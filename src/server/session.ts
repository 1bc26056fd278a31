import type { PortalSession } from "../schemas/session";
import type { Staff } from "./auth/staff";
import { countUnhandledContacts } from "./contacts";
import type { Queryable } from "./db";

/** GET /api/portal/session's answer for `staff`, whose token expires at `exp` (seconds since the epoch). */
export async function portalSession(db: Queryable, staff: Staff, exp: number): Promise<PortalSession> {
  return {
    username: staff.username,
    expiresAt: new Date(exp * 1000).toISOString(),
    unhandledMessages: await countUnhandledContacts(db),
  };
}
