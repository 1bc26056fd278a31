/**
 * A bid's updates marked seen by one staff member, so the attention list drops it.
 */
import type { Queryable } from "~/server/db";

/** Bid `bidId`'s updates so far are seen by `staffId`: the list stops naming it until something new happens. */
export async function markBidSeen(db: Queryable, staffId: string, bidId: string): Promise<void> {
  await db.query(
    `INSERT INTO attention_seen (staff_id, bid_id) SELECT $1, id FROM bids WHERE id = $2
     ON CONFLICT (staff_id, bid_id) DO UPDATE SET seen_at = now()`,
    [staffId, bidId],
  );
}
