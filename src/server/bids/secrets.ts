/**
 * The client's secrets: the link's 256-bit secret (only ever in the e-mail; stored as its SHA-256) and the
 * 6-digit confirmation code (stored as its SHA-256 beside the signer, for 10 minutes and 5 tries).
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { BID_CODE } from "~/schemas/bid-fields";
import { E_SIGN_DISCLOSURE } from "~/content/e-sign";

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

/** The hash of the E-SIGN disclosure as shown: what each consent and signature records. */
export const CONSENT_HASH = sha256Hex(JSON.stringify(E_SIGN_DISCLOSURE));

/** An address with most of its local part hidden ("j•••@example.com"): the view shows where the code goes. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}
