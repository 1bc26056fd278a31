import type { PortalSession } from "~/schemas/sessions";
import type { Staff } from "./middleware";
import { countBidUpdates } from "~/server/bids/queries/pipeline";
import type { Queryable } from "~/server/db";
import { countUnansweredLeads } from "~/server/leads/queries/leads";

/** GET /api/portal/session's answer for the signed-in `staff`. */
export async function portalSession(db: Queryable, staff: Staff): Promise<PortalSession> {
  return {
    username: staff.username,
    expiresAt: new Date(staff.tokenExpires * 1000).toISOString(),
    ...(await unanswered(db)),
    bidUpdates: await countBidUpdates(db, staff.id),
  };
}

/** The top bar's count under both its names: `unhandledMessages` for portals that read the older one. */
async function unanswered(db: Queryable) {
  const n = await countUnansweredLeads(db);
  return { unhandledMessages: n, unansweredLeads: n };
}
