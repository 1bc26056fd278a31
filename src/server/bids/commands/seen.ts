/**
 * When each person last opened the sent bids: their count of bid updates starts from there.
 */
import type { Queryable } from "~/server/db";

/** The top bar's count of bid updates starts again from now. */
export async function markBidsSeen(db: Queryable, userId: string): Promise<void> {
  await db.query("UPDATE staff_users SET bids_seen_at = now() WHERE id = $1", [userId]);
}
