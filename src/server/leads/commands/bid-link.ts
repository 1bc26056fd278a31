/**
 * A proposal sent from a lead: the link between them, and what its outcome does to the lead.
 */
import type { Queryable } from "~/server/db";
import { HttpError } from "~/server/http";

/**
 * Links a bid to the lead it answers and moves a new or contacted lead to proposal-sent; 400 when `leadId` names
 * no lead (spam and held messages are none). Run it in the send's transaction.
 */
export async function linkBidToLead(tx: Queryable, bidId: string, leadId: string): Promise<void> {
  const [lead] = await tx.query(
    `UPDATE contact_messages SET status = CASE WHEN status IN ('new', 'contacted') THEN 'proposal-sent' ELSE status END
     WHERE id = $1 AND spam_reason IS NULL AND NOT held RETURNING id`,
    [leadId],
  );
  if (!lead) throw new HttpError(400, "leadId must be the id of a lead");
  await tx.query("UPDATE bids SET lead_id = $2 WHERE id = $1", [bidId, leadId]);
}

/** An accepted proposal wins its lead (whatever staff had recorded: the signature is the last word). */
export async function markLeadWon(tx: Queryable, versionId: string): Promise<void> {
  await tx.query(
    `UPDATE contact_messages SET status = 'won', lost_reason = NULL
     WHERE id = (SELECT b.lead_id FROM bids b JOIN bid_versions v ON v.bid_id = b.id WHERE v.id = $1)
       AND status <> 'won'`,
    [versionId],
  );
}
