/**
 * The client's secrets: the link's 256-bit secret (only ever in the e-mail; stored as its SHA-256) and the
 * 6-digit confirmation code (stored as its SHA-256 beside the signer, for 10 minutes and 5 tries).
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { BID_CODE, BID_LANGUAGES, type BidLanguage } from "~/schemas/bid-fields";
import { E_SIGN_DISCLOSURE } from "~/content/e-sign";
import { E_SIGN_DISCLOSURE_ES } from "~/content/e-sign-es";

/** SHA-256 of text or bytes, as lowercase hex. */
export const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** A new link secret: 32 random bytes, base64url (43 characters). */
export const newSecret = () => randomBytes(32).toString("base64url");

/** A new code of BID_CODE.digits digits, uniformly drawn. */
export const newCode = () => String(randomInt(0, 10 ** BID_CODE.digits)).padStart(BID_CODE.digits, "0");

/** Whether `code` is the one whose hash is `hash` (compared in constant time). */
export function codeMatches(code: string, hash: string | null): boolean {
  if (!hash) return false;
  return timingSafeEqual(Buffer.from(sha256Hex(code)), Buffer.from(hash));
}

/** The E-SIGN disclosure in each language a signer reads it in. */
export const DISCLOSURES: Record<BidLanguage, readonly string[]> = { en: E_SIGN_DISCLOSURE, es: E_SIGN_DISCLOSURE_ES };

/** The hash of each language's disclosure as shown: what each consent and signature records. */
export const CONSENT_HASHES = Object.fromEntries(
  BID_LANGUAGES.map((language) => [language, sha256Hex(JSON.stringify(DISCLOSURES[language]))]),
) as Record<BidLanguage, string>;

/** The hash of the English disclosure (the default language's). */
export const CONSENT_HASH = CONSENT_HASHES.en;

/** The language whose disclosure has this hash, or undefined for a text no longer shown. */
export const disclosureLanguage = (hash: string): BidLanguage | undefined =>
  BID_LANGUAGES.find((language) => CONSENT_HASHES[language] === hash);

/** An address with most of its local part hidden ("j•••@example.com"): the view shows where the code goes. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}
