/**
 * What a signed-in person reads of sessions: the top bar's session answer and their own live sessions. Reads only.
 */
import type { PortalSession, SessionInfo } from "~/schemas/sessions";
import type { Staff } from "../middleware";
import { countBidUpdates } from "~/server/bids/queries/pipeline";
import { STAFF_SESSIONS } from "~/server/config";
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

/** The live sessions of `userId`, most recently used first, `current` marking the caller's. */
export async function listSessions(db: Queryable, userId: string, current: string): Promise<SessionInfo[]> {
  const rows = await db.query<Omit<SessionInfo, "current"> & { createdAt: Date | string; lastUsedAt: Date | string }>(
    `SELECT id, user_agent AS "userAgent", ip, created_at AS "createdAt", last_used_at AS "lastUsedAt"
     FROM staff_sessions
     WHERE user_id = $1 AND ended_at IS NULL AND expires_at > now()
       AND last_used_at > now() - make_interval(secs => $2) AND created_at > now() - make_interval(secs => $3)
     ORDER BY last_used_at DESC, id`,
    [userId, STAFF_SESSIONS.idleSeconds, STAFF_SESSIONS.absoluteSeconds],
  );
  return rows.map((r) => ({
    ...r,
    current: r.id === current,
    createdAt: new Date(r.createdAt).toISOString(),
    lastUsedAt: new Date(r.lastUsedAt).toISOString(),
  }));
}
