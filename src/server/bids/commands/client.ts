/**
 * What a client does with their link, besides signing (./sign.ts): open it, agree to sign electronically and
 * get a code, decline, ask for a new bid after expiry, download the PDF. Each answers the page's new view and
 * the version whose e-mails the route sends right after the response.
 */
import type { BidView } from "~/schemas/bids";
import type { Queryable, Db } from "~/server/db";
import { HttpError } from "~/server/http";
import { companyDay } from "~/lib/bid-days";
import { type BidLanguage, BID_CODE } from "~/schemas/bid-fields";
import { maskEmail, sha256Hex, disclosureLanguage, newCode } from "../secrets";
import { recordEvent, type ClientFacts } from "../events";
import { queueSenderUpdate, queueSignerMail } from "../mail-queue";
import { checkNotLocked, CODE_REQUESTS, codeForAnswer, CodeRefused } from "./code-check";
import { checkOffered, checkOpen, checkUndecided, findLink, type Link, throttle, throttleRead } from "./link";
import { bidView, versionPdf } from "../queries/client";

/** A client call's answer: the view, and the version with e-mails to send now (if any were queued). */
export interface ClientOutcome {
  view: BidView;
  mailFor: string | null;
}

/**
 * 409 when the page showed a disclosure other than today's (in either language: the hash names which the signer
 * read): it reloads the text and asks again.
 */
export function checkConsentHash(hash: string): void {
  if (!disclosureLanguage(hash))
    throw new HttpError(409, "The disclosure has changed: read it again before you continue");
}

/**
 * Answers the view (its disclosure in the page's language, else the signer's); the signer's first open is
 * recorded and told to the sender while the bid is open.
 */
export async function openBid(
  db: Db,
  secret: string,
  client: ClientFacts,
  language?: BidLanguage,
): Promise<ClientOutcome> {
  const link = await findLink(db, secret, client.ip);
  await throttleRead(db, link, "open");
  if (link.viewedAt || (link.status !== "sent" && link.status !== "viewed"))
    return { view: await bidView(db, link, language), mailFor: null };
  const first = await db.transaction(async (tx) => {
    const [row] = await tx.query<{ at: Date }>(
      "UPDATE bid_signers SET viewed_at = now() WHERE id = $1 AND viewed_at IS NULL RETURNING viewed_at AS at",
      [link.signerId],
    );
    if (!row) return false;
    await recordEvent(tx, link.versionId, "viewed", { signerId: link.signerId, client });
    await queueSenderUpdate(tx, link.versionId, { event: "viewed", signer: link.name });
    return true;
  });
  const seen: Link = { ...link, viewedAt: new Date(), status: "viewed" };
  return { view: await bidView(db, first ? seen : link, language), mailFor: first ? link.versionId : null };
}

/** Records the consent (with the disclosure's hash) and e-mails a new code to the signer's address. */
export async function requestCode(
  db: Db,
  input: { secret: string; consentHash: string },
  client: ClientFacts,
): Promise<ClientOutcome> {
  const link = await findLink(db, input.secret, client.ip);
  checkOpen(link);
  checkUndecided(link);
  checkConsentHash(input.consentHash);
  await sendCode(db, link, client, input.consentHash);
  const view = await bidView(db, { ...link, consentedAt: new Date() }, disclosureLanguage(input.consentHash));
  return { view, mailFor: link.versionId };
}

/**
 * E-mails a code to decline with: a declined proposal is an answer too, so whoever holds a forwarded link cannot
 * give it without the signer's mailbox. No consent to sign electronically is recorded for it.
 */
export async function requestDeclineCode(db: Db, secret: string, client: ClientFacts): Promise<ClientOutcome> {
  const link = await findLink(db, secret, client.ip);
  checkOpen(link);
  checkUndecided(link);
  await sendCode(db, link, client, null);
  return { view: await bidView(db, link), mailFor: link.versionId };
}

/** A new code for the signer (the consent with it, when given), within the signer's code limits. */
async function sendCode(db: Db, link: Link, client: ClientFacts, consentHash: string | null): Promise<void> {
  checkNotLocked(link.codeFailures);
  // Per signer, whichever of their links asks: a new code never buys a guesser more than this many tries.
  const limit = { bucket: "bid-code", key: link.signerId, ...CODE_REQUESTS };
  await throttle(db, limit, "Too many codes asked for: use the last one, or try again later");
  const code = newCode();
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE bid_signers SET code_hash = $2, code_tries = 0, code_confirmed_at = NULL,
         code_expires_at = now() + make_interval(mins => $3) WHERE id = $1`,
      [link.signerId, sha256Hex(code), BID_CODE.ttlMinutes],
    );
    if (consentHash) {
      await tx.query("UPDATE bid_signers SET consented_at = now(), consent_hash = $2 WHERE id = $1", [
        link.signerId,
        consentHash,
      ]);
      await recordEvent(tx, link.versionId, "consented", { signerId: link.signerId, client, detail: consentHash });
    }
    await recordEvent(tx, link.versionId, "code-sent", {
      signerId: link.signerId,
      client,
      detail: maskEmail(link.email),
    });
    await queueSignerMail(tx, "bid-code", link.signerId, { code });
  });
}

/**
 * Records the signer's decline and its reason (plain text), and tells the sender. It takes the e-mailed code
 * like a signature does (confirmed on the code screen, or counted as a try), refused after the commit.
 */
export async function declineBid(
  db: Db,
  input: { secret: string; reason: string; code: string },
  client: ClientFacts,
): Promise<ClientOutcome> {
  const link = await findLink(db, input.secret, client.ip);
  checkOpen(link);
  checkUndecided(link);
  const counted = await db.transaction(async (tx) => {
    // As for a signature: whatever won a race on this version is seen here, not written over.
    await tx.query("SELECT 1 FROM bid_versions WHERE id = $1 FOR UPDATE", [link.versionId]);
    const fresh = await findLink(tx, input.secret, client.ip);
    checkOpen(fresh);
    checkUndecided(fresh);
    const counted = await codeForAnswer(tx, link, input.code, client);
    if (counted.check !== "ok") return counted;
    const reason = input.reason || null;
    await tx.query("UPDATE bid_signers SET declined_at = now(), decline_reason = $2, code_hash = NULL WHERE id = $1", [
      link.signerId,
      reason,
    ]);
    await tx.query("UPDATE bid_versions SET declined_at = now() WHERE id = $1 AND declined_at IS NULL", [
      link.versionId,
    ]);
    await recordEvent(tx, link.versionId, "declined", { signerId: link.signerId, client, detail: reason });
    await queueSenderUpdate(tx, link.versionId, {
      event: "declined",
      signer: link.name,
      ...(reason ? { reason } : {}),
    });
    return counted;
  });
  if (counted.check !== "ok") throw new CodeRefused(counted, counted.nowLocked ? link.versionId : null);
  const view = await bidView(db, { ...link, declinedAt: new Date(), status: "declined" });
  return { view, mailFor: link.versionId };
}

/** After expiry: tells the sender the signer wants a new bid (at most once a company day per signer). */
export async function askRenewal(db: Db, secret: string, client: ClientFacts): Promise<ClientOutcome> {
  const link = await findLink(db, secret, client.ip);
  if (link.status !== "expired") throw new HttpError(409, "Only an expired proposal can be renewed");
  const today = companyDay();
  if (link.renewalAskedAt && companyDay(new Date(link.renewalAskedAt)) === today)
    return { view: await bidView(db, link), mailFor: null };
  await db.transaction(async (tx) => {
    await tx.query("UPDATE bid_signers SET renewal_asked_at = now() WHERE id = $1", [link.signerId]);
    await recordEvent(tx, link.versionId, "renewal-asked", { signerId: link.signerId, client });
    await queueSenderUpdate(tx, link.versionId, { event: "renewal-asked", signer: link.name });
  });
  return { view: await bidView(db, link), mailFor: link.versionId };
}

/** The link's PDF: the sealed one once it exists, else the version as sent; none once withdrawn or replaced. */
export async function clientPdf(db: Queryable, secret: string, ip: string | null) {
  const link = await findLink(db, secret, ip);
  checkOffered(link);
  await throttleRead(db, link, "pdf");
  return versionPdf(db, link.versionId);
}
