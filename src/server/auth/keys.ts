/**
 * The portal's keys, one per purpose, each derived with HKDF-SHA-256 from the one configured secret
 * (PORTAL_JWT_SECRET): a key that leaks through one use (a name hash compared offline, say) says nothing
 * about the key that signs session tokens, and no purpose can stand in for another.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env, portalSecret } from "~/server/env";

/** What each derived key is for; the name is the HKDF `info`, so changing one changes that key. */
export const KEY_PURPOSES = ["token-signing", "device-tokens", "name-hashing", "encryption"] as const;
export type KeyPurpose = (typeof KEY_PURPOSES)[number];

/** HKDF's salt: fixed, as the secret is already random; it names the application the keys belong to. */
const HKDF_SALT = "anchor-line-portal-keys";
const KEY_BYTES = 32;

const derived = new Map<string, Buffer>();

/**
 * The 32-byte key for `purpose`, derived from `secret` (by default the configured one, as it stands: checking it
 * is the token keys' job, see `portalSecret`).
 */
export function keyBytes(purpose: KeyPurpose, secret: string = env().PORTAL_JWT_SECRET ?? ""): Buffer {
  const id = `${purpose}\0${secret}`;
  let key = derived.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, `anchor-line/${purpose}`, KEY_BYTES));
    // One entry per purpose: a changed secret (tests, a rotation) replaces the old key instead of piling up.
    for (const old of derived.keys()) if (old.startsWith(`${purpose}\0`)) derived.delete(old);
    derived.set(id, key);
  }
  return key;
}

const hmacKeys = new Map<string, { secret: string; key: Promise<CryptoKey> }>();

/**
 * The HMAC-SHA-256 key that signs and verifies one kind of token, imported once per secret (handing jose the raw
 * bytes would import them on every check). Throws a JwtSecretError while the secret is unset or too short.
 */
export function tokenKey(purpose: "token-signing" | "device-tokens"): Promise<CryptoKey> {
  const secret = portalSecret();
  const cached = hmacKeys.get(purpose);
  if (cached?.secret === secret) return cached.key;
  const raw = new Uint8Array(keyBytes(purpose, secret));
  const key = crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  hmacKeys.set(purpose, { secret, key });
  return key;
}

/** The version tag of a value sealed by `seal`; anything stored without it is a value from before encryption. */
const SEALED_PREFIX = "enc1:";

/**
 * Encrypts `plain` with AES-256-GCM under the encryption key, bound to `context` (the row it belongs to, so a
 * sealed value copied to another row does not open): `enc1:<iv>.<ciphertext>.<tag>`, base64url.
 */
export function seal(plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyBytes("encryption", portalSecret()), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${SEALED_PREFIX}${[iv, body, cipher.getAuthTag()].map((b) => b.toString("base64url")).join(".")}`;
}

/** Whether `stored` was sealed (rather than kept in clear before encryption at rest). */
export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

/**
 * The plain value of `stored`: opened when sealed (throws if it was changed, or sealed for another context or
 * under another secret), returned as it is when it predates encryption.
 */
export function unseal(stored: string, context: string): string {
  if (!isSealed(stored)) return stored;
  const [iv, body, tag] = stored
    .slice(SEALED_PREFIX.length)
    .split(".")
    .map((p) => Buffer.from(p, "base64url"));
  if (!iv || !body || !tag) throw new Error("A sealed value is malformed");
  const decipher = createDecipheriv("aes-256-gcm", keyBytes("encryption", portalSecret()), iv);
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}
