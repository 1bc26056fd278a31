/**
 * /verify's pure part: a file's SHA-256 computed in the browser, the lookup, and the sentence the answer
 * becomes. The file itself never leaves the device; only its fingerprint is sent.
 */
import type { BidVerification } from "~/schemas/bids";
import { joinNames, utcMoment } from "~/features/bid-client/format";
import type { VerifyWords } from "./messages/en";

/** Bytes as lowercase hexadecimal, as the API's /verify path expects. */
export function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The SHA-256 of a file's bytes, in hexadecimal. */
export async function sha256Hex(file: Blob): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", await file.arrayBuffer()));
}

/** What the lookup found: a seal, none, or a failure to show as it is. */
export type Lookup =
  { kind: "sealed"; verification: BidVerification } | { kind: "unknown" } | { kind: "failed"; message: string };

/** GET /api/verify/<hex>: 404 means the company sealed no file with exactly this fingerprint. */
export async function lookUp(hex: string, words: VerifyWords, fetchImpl: typeof fetch = fetch): Promise<Lookup> {
  try {
    const response = await fetchImpl(`/api/verify/${hex}`);
    if (response.ok) return { kind: "sealed", verification: (await response.json()) as BidVerification };
    if (response.status === 404) return { kind: "unknown" };
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    const text = typeof body?.error === "string" ? body.error : words.serverAnswered(response.status);
    return { kind: "failed", message: text };
  } catch {
    return { kind: "failed", message: words.network };
  }
}

/** The answer's lines: the seal in one sentence, then the facts it covers. */
export function describeSeal(
  verification: BidVerification,
  company: string,
  words: VerifyWords,
): { summary: string; facts: [string, string][] } {
  const moment = (iso: string) => utcMoment(iso, words.locale);
  const names = joinNames(
    verification.signers.map((s) => s.name),
    words.and,
  );
  return {
    summary: words.sealedSummary(company, moment(verification.sealedAt), names),
    facts: [
      [words.project, verification.projectName],
      [words.amount, verification.amount],
      [words.documentId, verification.documentId],
      ...verification.signers.map((s): [string, string] => [words.signedBy(s.name), moment(s.signedAt)]),
    ],
  };
}

/** An event's kind in the page's language with the stored kind beside it, as the certificate page keeps it. */
function eventKind(kind: string, words: VerifyWords): string {
  const word = words.eventKinds[kind];
  return word ? `${word} (${kind})` : kind;
}

/**
 * The sealed file's events as rows under the words' event columns (as the certificate page heads them; its
 * device column is left to the file), oldest first, as its certificate page lists them.
 */
export function eventRows(verification: BidVerification, words: VerifyWords): string[][] {
  return verification.events.map((e) => [
    utcMoment(e.at, words.locale),
    eventKind(e.kind, words),
    e.signer ?? "",
    e.ip ?? "",
  ]);
}

/** Whether a chosen or dropped file looks like a PDF (by type or name; the hash decides the rest). */
export function isPdf(file: File): boolean {
  return file.type === "application/pdf" || /\.pdf$/i.test(file.name);
}
