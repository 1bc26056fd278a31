/**
 * Sending a bid: each send renders the unsigned PDF, freezes a new version with its signers' link hashes,
 * replaces the bid's earlier open version and queues one link e-mail per signer, atomically with its audit entry.
 */
import type { SentDocument, BidSend } from "~/schemas/bids";
import type { Queryable, Db } from "~/server/db";
import { HttpError } from "~/server/http";
import { companyDay, expiryProblem } from "~/lib/bid-days";
import type { BidLanguage } from "~/schemas/bid-fields";
import { sha256Hex } from "../secrets";
import { recordEvent } from "../events";
import { queueSignerMail } from "../mail-queue";
import { randomUUID } from "node:crypto";
import { normaliseBody } from "~/schemas/bid-body";
import { actorEntry, audit } from "~/server/activity/audit";
import type { Actor } from "~/server/auth/middleware";
import { linkBidToLead } from "~/server/leads/commands/bid-link";
import { bidPdf } from "../pdf-port";
import { issueLink } from "./link";

/** What a send answers: the bid (the editor keeps it to send again) and the new version. */
export interface SentBid {
  bidId: string;
  versionId: string;
  version: number;
}

/** 400 unless `expiresOn` is a day the portal offers too: today to the longest allowed expiry, in company days. */
export function checkExpiry(expiresOn: string, now = new Date()): void {
  const problem = expiryProblem(expiresOn, now);
  if (problem) throw new HttpError(400, problem);
}

/** The bid's newest version's decision facts, locked for this transaction; undefined for an unknown bid. */
async function newestOf(tx: Queryable, bidId: string) {
  const [row] = await tx.query<{
    id: string | null;
    version: number | null;
    acceptedAt: Date | null;
    owner: string | null;
  }>(
    `SELECT v.id, v.version, v.accepted_at AS "acceptedAt", b.created_by AS owner
     FROM bids b LEFT JOIN bid_versions v ON v.bid_id = b.id WHERE b.id = $1
     ORDER BY v.version DESC NULLS LAST LIMIT 1 FOR UPDATE OF b`,
    [bidId],
  );
  if (!row?.id) return row;
  // The version's own lock waits for a signature in progress on it: a signed bid is never sent again.
  const [fresh] = await tx.query<{ acceptedAt: Date | null }>(
    `SELECT accepted_at AS "acceptedAt" FROM bid_versions WHERE id = $1 FOR UPDATE`,
    [row.id],
  );
  return { ...row, acceptedAt: fresh!.acceptedAt };
}

/** Marks the bid's open versions replaced (their links then say so). */
async function replaceOpen(tx: Queryable, bidId: string): Promise<void> {
  const replaced = await tx.query<{ id: string }>(
    `UPDATE bid_versions SET replaced_at = now() WHERE bid_id = $1 AND replaced_at IS NULL
       AND withdrawn_at IS NULL AND declined_at IS NULL AND accepted_at IS NULL RETURNING id`,
    [bidId],
  );
  for (const { id } of replaced) await recordEvent(tx, id, "replaced");
}

/** Inserts the version's signers, each with a new link; returns their ids and link secrets. */
async function insertSigners(tx: Queryable, versionId: string, signers: BidSend["signers"]) {
  const made: { id: string; secret: string }[] = [];
  for (const [position, signer] of signers.entries()) {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO bid_signers (version_id, position, name, email, language) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [versionId, position, signer.name, signer.email, signer.language ?? "en"],
    );
    made.push({ id: row!.id, secret: await issueLink(tx, row!.id) });
  }
  return made;
}

/** Freezes one version (the bid exists or is created) and queues its link e-mails; `bidId` names the bid. */
async function storeVersion(
  db: Db,
  bid: { id: string; isNew: boolean },
  input: Omit<BidSend, "bidId">,
  pdf: { versionId: string; bytes: Uint8Array },
  actor: Actor,
  action: "bid.send" | "bid.reissue",
): Promise<SentBid> {
  return db.transaction(async (tx) => {
    if (bid.isNew) await tx.query("INSERT INTO bids (id, created_by) VALUES ($1, $2)", [bid.id, actor.staff.id]);
    const newest = await newestOf(tx, bid.id);
    if (!newest) throw new HttpError(404, "Bid not found");
    if (!bid.isNew) checkMayChange(newest.owner, actor);
    if (newest.acceptedAt) throw new HttpError(409, "This bid is signed: start a new bid to send another proposal");
    await replaceOpen(tx, bid.id);
    const version = (newest.version ?? 0) + 1;
    const document: SentDocument = input.document;
    await tx.query(
      `INSERT INTO bid_versions (id, bid_id, version, document, project_name, amount, message, expires_on, sent_by,
         sent_by_name, pdf, sha256)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        pdf.versionId,
        bid.id,
        version,
        JSON.stringify(document),
        document.content.projectName,
        document.content.baseBidAmount,
        input.message,
        input.expiresOn,
        actor.staff.id,
        actor.staff.displayName || actor.staff.username,
        pdf.bytes,
        sha256Hex(pdf.bytes),
      ],
    );
    if (input.leadId) await linkBidToLead(tx, bid.id, input.leadId);
    const signers = await insertSigners(tx, pdf.versionId, input.signers);
    await recordEvent(tx, pdf.versionId, "sent", { client: actor, detail: `version ${version}` });
    for (const s of signers) await queueSignerMail(tx, "bid-link", s.id, { secret: s.secret });
    await audit(tx, { action, targetId: bid.id, detail: `version ${version}`, ...actorEntry(actor) });
    return { bidId: bid.id, versionId: pdf.versionId, version };
  });
}

/** Renders the unsigned PDF of a version about to be stored. */
async function renderUnsigned(document: SentDocument, expiresOn: string) {
  const versionId = randomUUID();
  const bytes = await (await bidPdf()).render({ document, documentId: versionId, expiresOn });
  return { versionId, bytes };
}

/** Sends a bid: a new one, or (with `bidId`) a new version replacing the earlier link. */
export async function sendBid(db: Db, sent: BidSend, actor: Actor): Promise<SentBid> {
  // The stored body is the normalised tree both renderings walk.
  const input = { ...sent, document: { ...sent.document, body: normaliseBody(sent.document.body) } };
  checkExpiry(input.expiresOn);
  const pdf = await renderUnsigned(input.document, input.expiresOn);
  const bid = input.bidId ? { id: input.bidId, isNew: false } : { id: randomUUID(), isNew: true };
  return storeVersion(db, bid, input, pdf, actor, "bid.send");
}

/**
 * The newest version of a bid as staff act on it, or 404. `lock` holds its row for the caller's transaction,
 * after any signature or decline in progress on it has committed, so the check that follows sees it.
 */
export async function newestVersion(db: Queryable, bidId: string, lock = false) {
  const [row] = await db.query<{
    id: string;
    document: SentDocument | string;
    message: string;
    sentBy: string | null;
    owner: string | null;
    acceptedAt: Date | null;
    declinedAt: Date | null;
    withdrawnAt: Date | null;
    expiresOn: string;
  }>(
    `SELECT v.id, v.document, v.message, v.sent_by AS "sentBy", b.created_by AS owner, v.accepted_at AS "acceptedAt",
       v.declined_at AS "declinedAt", v.withdrawn_at AS "withdrawnAt", v.expires_on::text AS "expiresOn"
     FROM bid_versions v JOIN bids b ON b.id = v.bid_id
     WHERE v.bid_id = $1 ORDER BY v.version DESC LIMIT 1 ${lock ? "FOR UPDATE OF v" : ""}`,
    [bidId],
  );
  if (!row) throw new HttpError(404, "Bid not found");
  return {
    ...row,
    document: typeof row.document === "string" ? (JSON.parse(row.document) as SentDocument) : row.document,
  };
}

type Newest = Awaited<ReturnType<typeof newestVersion>>;

/**
 * A bid belongs to its sender: sending it again, withdrawing it, re-issuing it and sending a link again are the
 * sender's (the staff member who first sent it) or an admin's. An admin's send keeps the bid its sender's.
 */
function checkMayChange(owner: string | null, actor: Actor): void {
  if (owner !== actor.staff.id && actor.staff.role !== "admin")
    throw new HttpError(403, "Only the person who sent this bid, or an admin, can do this", {
      code: "not_bid_sender",
    });
}

/**
 * `checkMayChange` for bid `bidId` (404 when there is none): what the routes that change one bid by its id run
 * before anything else (`bidSenderOnly`). A bid's sender never changes, so nothing can move between this check and
 * the change.
 */
export async function checkBidSender(db: Queryable, bidId: string, actor: Actor): Promise<void> {
  const [bid] = await db.query<{ owner: string | null }>("SELECT created_by AS owner FROM bids WHERE id = $1", [bidId]);
  if (!bid) throw new HttpError(404, "Bid not found");
  checkMayChange(bid.owner, actor);
}

/** A reissue may follow anything but a signature: an open, expired, withdrawn or declined bid (a revised offer). */
function checkMayReissue(version: Newest): void {
  if (version.acceptedAt) throw new HttpError(409, "This bid is signed: start a new bid to send another proposal");
}

/**
 * Withdrawing and sending a link again act on an open bid only: not one decided, withdrawn or expired (it closed
 * by itself).
 */
function checkStillOpen(version: Newest, now = new Date()): void {
  if (version.acceptedAt || version.declinedAt) throw new HttpError(409, "This bid has been decided");
  if (version.withdrawnAt) throw new HttpError(409, "This bid is already withdrawn");
  if (version.expiresOn < companyDay(now)) throw new HttpError(409, "This bid has expired: re-issue it instead");
}

/** Sends the newest version's document to its signers again as a new version with a new expiry (the sender checked). */
export async function reissueBid(db: Db, bidId: string, expiresOn: string, actor: Actor): Promise<SentBid> {
  checkExpiry(expiresOn);
  const newest = await newestVersion(db, bidId);
  checkMayReissue(newest);
  const signers = await db.query<{ name: string; email: string; language: BidLanguage }>(
    "SELECT name, email, language FROM bid_signers WHERE version_id = $1 ORDER BY position",
    [newest.id],
  );
  const pdf = await renderUnsigned(newest.document, expiresOn);
  const input = { document: newest.document, signers, message: newest.message, expiresOn };
  return storeVersion(db, { id: bidId, isNew: false }, input, pdf, actor, "bid.reissue");
}

/** Withdraws the bid's open version: its links then answer "withdrawn" (the sender checked by `checkBidSender`). */
export async function withdrawBid(db: Db, bidId: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    // The bid's row lock orders this against a send, a reissue or another withdrawal of the same bid.
    await tx.query("SELECT 1 FROM bids WHERE id = $1 FOR UPDATE", [bidId]);
    const newest = await newestVersion(tx, bidId, true);
    checkStillOpen(newest);
    await tx.query("UPDATE bid_versions SET withdrawn_at = now() WHERE id = $1", [newest.id]);
    await recordEvent(tx, newest.id, "withdrawn", { client: actor });
    await audit(tx, { action: "bid.withdraw", targetId: bidId, ...actorEntry(actor) });
  });
}

/**
 * Mails one signer of the open version the link e-mail again with a fresh link (the first was lost, deleted or
 * went to spam); the links they already have keep working. The sender checked by `checkBidSender`, as for the
 * other changes. Answers the version whose e-mail it queued.
 */
export async function resendLink(db: Db, bidId: string, signerId: string, actor: Actor): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT 1 FROM bids WHERE id = $1 FOR UPDATE", [bidId]);
    const newest = await newestVersion(tx, bidId, true);
    checkStillOpen(newest);
    const [signer] = await tx.query<{ signedAt: Date | null; declinedAt: Date | null }>(
      `SELECT signed_at AS "signedAt", declined_at AS "declinedAt" FROM bid_signers WHERE id = $1 AND version_id = $2
       FOR UPDATE`,
      [signerId, newest.id],
    );
    if (!signer) throw new HttpError(404, "Signer not found on this bid's open version");
    if (signer.signedAt || signer.declinedAt) throw new HttpError(409, "This signer has already answered");
    await queueSignerMail(tx, "bid-link", signerId, { secret: await issueLink(tx, signerId) });
    await recordEvent(tx, newest.id, "reminded", { signerId, detail: "link sent again", client: actor });
    await audit(tx, { action: "bid.resend-link", targetId: bidId, detail: signerId, ...actorEntry(actor) });
    return newest.id;
  });
}
