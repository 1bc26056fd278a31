/**
 * The e-mailed code, checked when it is typed: each check counts toward the code's tries and the signer's wrong
 * codes in all; a right one is confirmed, and the signature or decline that carries it then spends no try. The
 * wrong code that spends the signer's last one tells the sender at once.
 */
import type { Db } from "~/server/db";
import { HttpError } from "~/server/http";
import { codeMatches } from "../secrets";
import { BID_CODE } from "~/schemas/bid-fields";
import { recordEvent, type ClientFacts } from "../events";
import { queueSenderUpdate } from "../mail-queue";
import type { Transaction } from "~/server/db/types";
import { checkOpen, checkUndecided, findLink, type Link } from "./link";

/** New codes a signer may ask for per hour: enough for a lost e-mail or two, too few to flood an inbox. */
export const CODE_REQUESTS = { max: 5, windowSeconds: 3600 } as const;

/**
 * Wrong codes a signer may enter in all, across every code: five codes' tries. Each new code gives its own
 * tries, so without this bound a guesser holding the link could try 25 codes an hour for as long as the bid is
 * open; with it, the chance of guessing a code stays below 1 in 40,000. Past it, staff re-issue the proposal.
 */
export const WRONG_CODES_MAX = BID_CODE.tries * CODE_REQUESTS.max;

/** 400 once the signer has entered too many wrong codes: no new code, no signature with this link. */
export function checkNotLocked(failures: number): void {
  if (failures >= WRONG_CODES_MAX)
    throw new HttpError(400, "Too many wrong codes: ask us to send the proposal again", { code: "invalid_code" });
}

export type CodeCheck = "ok" | "no-code" | "locked" | "spent" | "expired" | "wrong";

/** How long a code confirmed on the code screen signs: time to read, type a name and draw, not a day. */
export const CONFIRMED_CODE_MINUTES = 30;

/** A counted check: its outcome, the tries left before this code (or every code) is spent, and e-mails to send. */
export interface CountedCheck {
  check: CodeCheck;
  triesLeft: number;
  /** The signer has now spent every wrong code: the sender is told at once. */
  nowLocked: boolean;
}

/** Why a code was refused, as the signer reads it (their page words it in their language from the reason). */
export const REFUSED: Record<Exclude<CodeCheck, "ok">, string> = {
  "no-code": "Ask for a code first",
  locked: "Too many wrong codes: ask us to send the proposal again",
  spent: `Too many tries: ask for a new code`,
  expired: `The code has expired (it works for ${BID_CODE.ttlMinutes} minutes): ask for a new one`,
  wrong: "That is not the code we sent",
};

/**
 * Counts a try and checks the code, on the signer's locked row; a wrong code also counts against the signer. The
 * wrong code that spends the signer's last one tells the sender (a forwarded link's holder may be guessing, and the
 * real signer now needs the proposal re-issued).
 */
export async function checkCode(tx: Transaction, link: Link, code: string, client: ClientFacts): Promise<CountedCheck> {
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
  const failures = s!.failures + (check === "wrong" ? 1 : 0);
  if (check === "wrong")
    await tx.query("UPDATE bid_signers SET code_failures = code_failures + 1 WHERE id = $1", [link.signerId]);
  if (check !== "ok")
    await recordEvent(tx, link.versionId, "code-failed", { signerId: link.signerId, client, detail: check });
  const nowLocked = check === "wrong" && failures === WRONG_CODES_MAX;
  if (nowLocked) await queueSenderUpdate(tx, link.versionId, { event: "codes-spent", signer: link.name });
  const triesLeft = Math.max(0, Math.min(BID_CODE.tries - s!.tries, WRONG_CODES_MAX - failures));
  return { check, triesLeft, nowLocked };
}

/**
 * True when `code` is the signer's current code and was confirmed on the code screen within the last
 * CONFIRMED_CODE_MINUTES: the signature (or decline) then spends no try. A new code clears the confirmation.
 */
export async function confirmedCode(tx: Transaction, link: Link, code: string): Promise<boolean> {
  const [s] = await tx.query<{ hash: string | null; fresh: boolean }>(
    `SELECT code_hash AS hash,
       COALESCE(code_confirmed_at > now() - make_interval(mins => $2), false) AS fresh
     FROM bid_signers WHERE id = $1`,
    [link.signerId, CONFIRMED_CODE_MINUTES],
  );
  return !!s?.hash && s.fresh && codeMatches(code, s.hash);
}

/** The confirmed code, or else a counted check (a caller that skipped the code screen still spends a try). */
export async function codeForAnswer(
  tx: Transaction,
  link: Link,
  code: string,
  client: ClientFacts,
): Promise<CountedCheck> {
  if (await confirmedCode(tx, link, code)) return { check: "ok", triesLeft: BID_CODE.tries, nowLocked: false };
  return checkCode(tx, link, code, client);
}

/**
 * The 400 a refused code answers, after the commit (the counted try, its event and the sender's notice stay).
 * `mailFor` names the version whose e-mails the route still sends (the sender's notice that the codes are spent).
 */
export class CodeRefused extends HttpError {
  constructor(
    outcome: CountedCheck,
    readonly mailFor: string | null,
  ) {
    // The tries left are the code screen's to say (check-code answers them); this refusal names the reason only.
    super(400, REFUSED[outcome.check as Exclude<CodeCheck, "ok">], { code: "invalid_code" });
  }
}

/** What the code screen learns from a check: confirmed, or why not and how many tries are left. */
export interface CodeCheckAnswer {
  confirmed: boolean;
  reason: Exclude<CodeCheck, "ok"> | null;
  triesLeft: number;
}

/** POST /api/bids/check-code: counts a try; a right code is confirmed for the signature (or decline) to carry. */
export async function confirmCode(
  db: Db,
  input: { secret: string; code: string },
  client: ClientFacts,
): Promise<{ answer: CodeCheckAnswer; mailFor: string | null }> {
  const link = await findLink(db, input.secret, client.ip);
  checkOpen(link);
  checkUndecided(link);
  const counted = await db.transaction(async (tx) => {
    const result = await checkCode(tx, link, input.code, client);
    if (result.check === "ok")
      await tx.query("UPDATE bid_signers SET code_confirmed_at = now() WHERE id = $1", [link.signerId]);
    return result;
  });
  const { check, triesLeft, nowLocked } = counted;
  return {
    answer: { confirmed: check === "ok", reason: check === "ok" ? null : check, triesLeft },
    mailFor: nowLocked ? link.versionId : null,
  };
}
