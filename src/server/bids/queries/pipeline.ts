/**
 * What staff read of the bids: the pipeline (every bid's newest version), one bid's detail, and its updates.
 */
import type { BidDetail, BidEvent, BidSummary } from "~/schemas/bids";
import type { Queryable } from "~/server/db";
import { HttpError } from "~/server/http";
import { companyDay } from "~/lib/bid-days";
import { bidStatus, iso } from "../status";
import { WRONG_CODES_MAX } from "../commands/code-check";

const SUMMARY_SQL = `SELECT b.id, v.id AS "versionId", v.version, v.project_name AS "projectName", v.amount,
    v.sent_by_name AS "sentBy", v.sent_at AS "sentAt", v.expires_on::text AS "expiresOn",
    v.withdrawn_at AS "withdrawnAt", v.declined_at AS "declinedAt", v.accepted_at AS "acceptedAt",
    v.replaced_at AS "replacedAt", v.sealed_at IS NOT NULL AS sealed,
    v.sealed_at IS NULL AND v.seal_error IS NOT NULL AS "sealFailed", v.message, v.sha256,
    (SELECT string_agg(s.name, ' & ' ORDER BY s.position) FROM bid_signers s WHERE s.version_id = v.id) AS client,
    (SELECT min(s.viewed_at) FROM bid_signers s WHERE s.version_id = v.id) AS "viewedAt",
    (SELECT string_agg(s.name, ' & ' ORDER BY s.position) FROM bid_signers s WHERE s.version_id = v.id
       AND s.code_failures >= ${WRONG_CODES_MAX} AND s.signed_at IS NULL AND s.declined_at IS NULL) AS "codesSpentBy"
  FROM bids b JOIN LATERAL (SELECT * FROM bid_versions x WHERE x.bid_id = b.id ORDER BY x.version DESC LIMIT 1) v ON true`;

type SummaryRow = Omit<BidSummary, "status" | "sentAt" | "viewedAt" | "decidedAt" | "codesSpentBy"> & {
  codesSpentBy: string | null;
  sentAt: Date;
  viewedAt: Date | null;
  withdrawnAt: Date | null;
  declinedAt: Date | null;
  acceptedAt: Date | null;
  replacedAt: Date | null;
  message: string;
  sha256: string;
};

function toSummary(row: SummaryRow, today: string): BidSummary {
  const status = bidStatus({ ...row, viewed: !!row.viewedAt }, today);
  return {
    id: row.id,
    versionId: row.versionId,
    version: row.version,
    status,
    projectName: row.projectName,
    amount: row.amount,
    client: row.client ?? "",
    sentBy: row.sentBy,
    sentAt: iso(row.sentAt)!,
    expiresOn: row.expiresOn,
    viewedAt: iso(row.viewedAt),
    decidedAt: iso(row.acceptedAt ?? row.declinedAt),
    sealed: row.sealed,
    sealFailed: row.sealFailed,
    // Only while the bid can still be signed: a re-issue (a new version) or a closed bid has nothing to fix.
    codesSpentBy: status === "sent" || status === "viewed" ? row.codesSpentBy : null,
  };
}

/** Every bid's newest version, newest sent first. */
export async function listBids(db: Queryable, now = new Date()): Promise<BidSummary[]> {
  const rows = await db.query<SummaryRow>(`${SUMMARY_SQL} ORDER BY v.sent_at DESC, v.id DESC`);
  const today = companyDay(now);
  return rows.map((row) => toSummary(row, today));
}

/** The bids sent from a lead, newest sent first. */
export async function listBidsOfLead(db: Queryable, leadId: string, now = new Date()): Promise<BidSummary[]> {
  const rows = await db.query<SummaryRow>(`${SUMMARY_SQL} WHERE b.lead_id = $1 ORDER BY v.sent_at DESC, v.id DESC`, [
    leadId,
  ]);
  const today = companyDay(now);
  return rows.map((row) => toSummary(row, today));
}

/** One bid: its summary, signers, message and whole timeline (every version's), newest first; 404 if none. */
export async function bidDetail(db: Queryable, bidId: string, now = new Date()): Promise<BidDetail> {
  const [row] = await db.query<SummaryRow>(`${SUMMARY_SQL} WHERE b.id = $1`, [bidId]);
  if (!row) throw new HttpError(404, "Bid not found");
  const signers = await db.query<Record<string, unknown>>(
    `SELECT id, name, email, viewed_at AS "viewedAt", signed_at AS "signedAt", declined_at AS "declinedAt",
       decline_reason AS "declineReason"
     FROM bid_signers WHERE version_id = $1 ORDER BY position`,
    [row.versionId],
  );
  const events = await db.query<BidEvent & { at: Date }>(
    `SELECT e.kind, e.at, v.version, s.name AS signer, e.ip, e.user_agent AS "userAgent", e.detail
     FROM bid_events e JOIN bid_versions v ON v.id = e.version_id LEFT JOIN bid_signers s ON s.id = e.signer_id
     WHERE v.bid_id = $1 ORDER BY e.at DESC, e.id DESC`,
    [bidId],
  );
  return {
    ...toSummary(row, companyDay(now)),
    message: row.message,
    sha256: row.sha256,
    signers: signers.map((s) => ({
      id: String(s.id),
      name: String(s.name),
      email: String(s.email),
      viewedAt: iso(s.viewedAt),
      signedAt: iso(s.signedAt),
      declinedAt: iso(s.declinedAt),
      declineReason: (s.declineReason as string | null) ?? null,
    })),
    events: events.map((e) => ({ ...e, at: iso(e.at)! })),
  };
}

/** The newest version of a bid (for its PDF), or 404. */
export async function newestVersionId(db: Queryable, bidId: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    "SELECT id FROM bid_versions WHERE bid_id = $1 ORDER BY version DESC LIMIT 1",
    [bidId],
  );
  if (!row) throw new HttpError(404, "Bid not found");
  return row.id;
}

/** Views, signatures and declines on bids `userId` sent, since they last opened the pipeline. */
export async function countBidUpdates(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM bid_events e JOIN bid_versions v ON v.id = e.version_id
     WHERE v.sent_by = $1 AND e.kind IN ('viewed', 'signed', 'declined')
       AND e.at > COALESCE((SELECT bids_seen_at FROM staff_users WHERE id = $1), '-infinity')`,
    [userId],
  );
  return row!.n;
}
