/**
 * Signing: the code is checked on the code screen (5 tries, 10 minutes; a 6th try is refused even with the right
 * code), and the signature carries the confirmed code, which costs no further try. The signature is recorded with
 * the disclosure's hash, the address and the device. The last signature accepts the version; the route then seals
 * it right after the response.
 */
import type { Db } from "~/server/db";
import { disclosureLanguage } from "../secrets";
import { recordEvent, type ClientFacts } from "../events";
import { queueSenderUpdate } from "../mail-queue";
import { markLeadWon } from "~/server/leads/commands/bid-link";
import type { Transaction } from "~/server/db/types";
import { checkConsentHash, type ClientOutcome } from "./client";
import { codeForAnswer, CodeRefused } from "./code-check";
import { checkOpen, checkUndecided, findLink, type Link } from "./link";
import { bidView } from "../queries/client";

/** What the signer sent with their signature. */
export interface SignInput {
  secret: string;
  code: string;
  name: string;
  drawing: string | null;
  consentHash: string;
}

/** Records the signature; true when it was the last one (the version is then accepted). */
async function recordSignature(tx: Transaction, link: Link, input: SignInput, client: ClientFacts): Promise<boolean> {
  await tx.query(
    `UPDATE bid_signers SET signed_at = now(), signed_name = $2, drawing = $3, sign_consent_hash = $4, sign_ip = $5,
       sign_user_agent = $6, code_hash = NULL WHERE id = $1`,
    [link.signerId, input.name, input.drawing, input.consentHash, client.ip, client.userAgent?.slice(0, 512) ?? null],
  );
  await recordEvent(tx, link.versionId, "signed", { signerId: link.signerId, client, detail: input.name });
  const [version] = await tx.query<{ accepted: boolean }>(
    `UPDATE bid_versions SET accepted_at = now(), seal_attempt_at = now() WHERE id = $1
       AND NOT EXISTS (SELECT 1 FROM bid_signers WHERE version_id = $1 AND signed_at IS NULL)
     RETURNING true AS accepted`,
    [link.versionId],
  );
  const accepted = !!version?.accepted;
  if (accepted) await markLeadWon(tx, link.versionId);
  await queueSenderUpdate(
    tx,
    link.versionId,
    accepted ? { event: "accepted" } : { event: "signed", signer: link.name },
  );
  return accepted;
}

/** Signs for the link's signer; `accepted` when every signer has now signed. */
export async function signBid(
  db: Db,
  input: SignInput,
  client: ClientFacts,
): Promise<ClientOutcome & { accepted: boolean }> {
  const link = await findLink(db, input.secret, client.ip);
  checkOpen(link);
  checkUndecided(link);
  checkConsentHash(input.consentHash);
  const outcome = await db.transaction(async (tx) => {
    // One signature at a time per version: the last signer's transaction sees every other signature, and a
    // withdrawal, decline or second signature that won the race is seen here.
    await tx.query("SELECT 1 FROM bid_versions WHERE id = $1 FOR UPDATE", [link.versionId]);
    const fresh = await findLink(tx, input.secret, client.ip);
    checkOpen(fresh);
    checkUndecided(fresh);
    const counted = await codeForAnswer(tx, link, input.code, client);
    if (counted.check !== "ok") return { ...counted, accepted: false };
    return { ...counted, accepted: await recordSignature(tx, link, input, client) };
  });
  // Refused after the commit: the counted try and its event stay (and the sender's notice, when it was the last).
  if (outcome.check !== "ok") throw new CodeRefused(outcome, outcome.nowLocked ? link.versionId : null);
  const signed = { ...link, signedAt: new Date(), status: outcome.accepted ? "accepted" : link.status } as Link;
  return {
    view: await bidView(db, signed, disclosureLanguage(input.consentHash)),
    mailFor: link.versionId,
    accepted: outcome.accepted,
  };
}
