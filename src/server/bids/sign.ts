/**
 * Signing: the code is checked (5 tries, 10 minutes; a 6th try is refused even with the right code), then the
 * signature is recorded with the disclosure's hash, the address and the device. The last signature accepts the
 * version; the route then seals it right after the response.
 */
import { BID_CODE } from "~/schemas/bid-fields";
import type { Db } from "~/server/db";
import type { Transaction } from "~/server/db/types";
import { HttpError } from "~/server/http";
import { checkConsentHash, WRONG_CODES_MAX, type ClientOutcome } from "./client";
import { recordEvent, type ClientFacts } from "./events";
import { bidView, checkOpen, checkUndecided, findLink, type Link } from "./link";
import { queueSenderUpdate } from "./mail-queue";
import { codeMatches } from "./secrets";
import { markLeadWon } from "~/server/leads/bid-link";

/** What the signer sent with their signature. */
export interface SignInput {
  secret: string;
  code: string;
  name: string;
  drawing: string | null;
  consentHash: string;
}

type CodeCheck = "ok" | "no-code" | "locked" | "spent" | "expired" | "wrong";

/** Why a code was refused, as the signer reads it. */
const REFUSED: Record<Exclude<CodeCheck, "ok">, string> = {
  "no-code": "Ask for a code first",
  locked: "Too many wrong codes: ask us to send the proposal again",
  spent: `Too many tries: ask for a new code`,
  expired: `The code has expired (it works for ${BID_CODE.ttlMinutes} minutes): ask for a new one`,
  wrong: "That is not the code we sent",
};

/** Counts a try and checks the code, on the signer's locked row; a wrong code also counts against the signer. */
async function checkCode(tx: Transaction, link: Link, code: string, client: ClientFacts): Promise<CodeCheck> {
  const [s] = await tx.query<{ hash: string | null; tries: number; live: boolean; failures: number }>(
    `UPDATE bid_signers SET code_tries = code_tries + 1 WHERE id = $1
     RETURNING code_hash AS hash, code_tries AS tries, code_expires_at > now() AS live, code_failures AS failures`,
    [link.signerId],
  );
  const check: CodeCheck = !s!.hash
    ? "no-code"
    : s!.failures >= WRONG_CODES_MAX
      ? "locked"
      : s!.tries > BID_CODE.tries
        ? "spent"
        : !s!.live
          ? "expired"
          : codeMatches(code, s!.hash)
            ? "ok"
            : "wrong";
  if (check === "wrong")
    await tx.query("UPDATE bid_signers SET code_failures = code_failures + 1 WHERE id = $1", [link.signerId]);
  if (check !== "ok")
    await recordEvent(tx, link.versionId, "code-failed", { signerId: link.signerId, client, detail: check });
  return check;
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
    const check = await checkCode(tx, link, input.code, client);
    if (check !== "ok") return { check, accepted: false };
    return { check, accepted: await recordSignature(tx, link, input, client) };
  });
  // Refused after the commit: the counted try and its event stay.
  if (outcome.check !== "ok") throw new HttpError(400, REFUSED[outcome.check], { code: "invalid_code" });
  const signed = { ...link, signedAt: new Date(), status: outcome.accepted ? "accepted" : link.status } as Link;
  return { view: await bidView(db, signed), mailFor: link.versionId, accepted: outcome.accepted };
}
