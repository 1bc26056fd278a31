/**
 * /verify: whether the company sealed exactly the file with this SHA-256, for whom and when, and its event log.
 * Whoever asks holds the file, whose certificate page and attachment state the same events.
 */
import type { BidVerification } from "~/schemas/bids";
import type { Queryable } from "~/server/db";
import { HttpError } from "~/server/http";
import { iso } from "../status";
import { versionEvents } from "../sealing";

/** The sealed version with this fingerprint, or 404. */
export async function verifyFingerprint(db: Queryable, sha256: string): Promise<BidVerification> {
  const [v] = await db.query<{ id: string; projectName: string; amount: string; sealedAt: Date }>(
    `SELECT id, project_name AS "projectName", amount, sealed_at AS "sealedAt" FROM bid_versions WHERE sealed_sha256 = $1`,
    [sha256],
  );
  if (!v) throw new HttpError(404, "No document sealed by us has this fingerprint", { code: "not_found" });
  const signers = await db.query<{ name: string; signedAt: Date }>(
    `SELECT name, signed_at AS "signedAt" FROM bid_signers WHERE version_id = $1 ORDER BY position`,
    [v.id],
  );
  // What the certificate was rendered with, then the seal itself; what came after is not in the file.
  const timeline = await versionEvents(db, v.id);
  const sealed = timeline.findIndex((e) => e.kind === "sealed");
  const events = sealed < 0 ? timeline : timeline.slice(0, sealed + 1);
  return {
    sealed: true,
    documentId: v.id,
    projectName: v.projectName,
    amount: v.amount,
    signers: signers.map((s) => ({ name: s.name, signedAt: iso(s.signedAt)! })),
    sealedAt: iso(v.sealedAt)!,
    events: events.map(({ detail: _detail, ...event }) => event),
  };
}
