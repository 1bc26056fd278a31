/** The bid timeline: one row per thing that happened, the certificate's log and the staff's history. */
import type { BidEventKind } from "~/schemas/bids";
import type { Queryable } from "~/server/db";

/** Where a client's request came from, as the timeline records it. */
export interface ClientFacts {
  ip: string | null;
  userAgent: string | null;
}

/** Appends one event to a version's timeline. */
export async function recordEvent(
  db: Queryable,
  versionId: string,
  kind: BidEventKind,
  facts: { signerId?: string | null; client?: ClientFacts; detail?: string | null; at?: Date } = {},
): Promise<void> {
  await db.query(
    `INSERT INTO bid_events (version_id, signer_id, kind, ip, user_agent, detail, at)
     VALUES ($1, $2, $3, $4, $5, $6, COALESCE($7, clock_timestamp()))`,
    [
      versionId,
      facts.signerId ?? null,
      kind,
      facts.client?.ip ?? null,
      facts.client?.userAgent?.slice(0, 512) ?? null,
      facts.detail?.slice(0, 2000) ?? null,
      facts.at ?? null,
    ],
  );
}
