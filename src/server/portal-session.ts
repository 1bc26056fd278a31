import type { PortalSession } from "~/schemas/sessions";
import type { Staff } from "~/server/auth/middleware";
import { countBidUpdates } from "./bids/pipeline";
import { countUnhandledContacts } from "./contacts";
import type { Queryable } from "./db";

/** GET /api/portal/session's answer for the signed-in `staff`. */
export async function portalSession(db: Queryable, staff: Staff): Promise<PortalSession> {
  return {
    username: staff.username,
    expiresAt: new Date(staff.tokenExpires * 1000).toISOString(),
    unhandledMessages: await countUnhandledContacts(db),
    bidUpdates: await countBidUpdates(db, staff.id),
  };
}
