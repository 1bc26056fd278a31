import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { SCRYPT_PARAMS } from "~/server/config";

const scryptAsync = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64), so parameters can rise later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength, maxmem } = SCRYPT_PARAMS;
  const salt = randomBytes(saltLength);
  const key = await scryptAsync(password, salt, keyLength, { N, r, p, maxmem });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Checks a password against a stored hash in constant time; malformed hashes never match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split("$");
  if (scheme !== "scrypt" || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, "base64");
  const params = { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT_PARAMS.maxmem };
  if (![params.N, params.r, params.p].every(Number.isSafeInteger) || expected.length === 0) return false;
  const actual = await scryptAsync(password, Buffer.from(saltText, "base64"), expected.length, params);
  return timingSafeEqual(actual, expected);
}

/**
 * Shaped like a stored hash with the current parameters, but its key is random bytes rather than
 * scrypt output: no password matches it (a 2^-512 chance), yet checking one costs exactly what a
 * real hash costs. Built when the module loads at no cost, so the first unknown username of a
 * fresh instance is not slowed by computing a dummy hash first.
 */
const DUMMY_HASH = [
  "scrypt",
  SCRYPT_PARAMS.N,
  SCRYPT_PARAMS.r,
  SCRYPT_PARAMS.p,
  randomBytes(SCRYPT_PARAMS.saltLength).toString("base64"),
  randomBytes(SCRYPT_PARAMS.keyLength).toString("base64"),
].join("$");

/**
 * A hash to verify against when the username is unknown, so that answer takes as long
 * as a wrong password and timing does not reveal which usernames exist.
 */
export function dummyPasswordHash(): string {
  return DUMMY_HASH;
}
