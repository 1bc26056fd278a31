import { jwtVerify, SignJWT } from "jose";
import { PORTAL_AUTH_UNCONFIGURED, TOKEN_TTL_SECONDS } from "../../config/api";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "../config";
import { jwtKey, JwtSecretError } from "../env";
import { HttpError } from "../http";

/** What a verified portal token says. */
export interface TokenClaims {
  userId: string;
  /** The user's token_version when the token was issued. */
  version: number;
}

let reportedSecret = false;

/**
 * The token key, or a 503 "Portal sign-in is not configured" while PORTAL_JWT_SECRET is missing or
 * too short: an operator's setting to fix, not a server fault (500) nor the caller's (401). Logged
 * once per instance. Login calls it first, so such a request does no other work.
 */
export async function signingKey(): Promise<CryptoKey> {
  try {
    return await jwtKey();
  } catch (error) {
    if (!(error instanceof JwtSecretError)) throw error;
    if (!reportedSecret) console.error(error.message);
    reportedSecret = true;
    throw new HttpError(503, PORTAL_AUTH_UNCONFIGURED, { cause: error });
  }
}

/** Signs a portal token: HS256, sub = user id, 12 h or 30 days with rememberMe. */
export async function issueToken(userId: string, version: number, rememberMe: boolean): Promise<string> {
  const ttl = rememberMe ? TOKEN_TTL_SECONDS.rememberMe : TOKEN_TTL_SECONDS.session;
  return new SignJWT({ ver: version })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
    .sign(await signingKey());
}

/** Most tokens remembered as verified; the oldest is forgotten first. */
const MAX_VERIFIED = 1000;

/**
 * Tokens that already passed `jwtVerify` under `verifiedUnder`, with their expiry. The same bytes
 * under the same key always verify the same way, so a repeat costs a map lookup instead of an HMAC
 * round trip through the crypto thread pool, which under load was a third of a cached read.
 * Only genuine tokens get in; expiry is checked on every hit and revocation is not decided here
 * (requireStaff checks the user's token version in the database on every request).
 */
const verified = new Map<string, { claims: TokenClaims; exp: number }>();
let verifiedUnder: CryptoKey | undefined;

/**
 * Verifies a token with the algorithm pinned; returns undefined for anything forged, expired or
 * malformed, and throws the 503 of `signingKey` while no valid secret is configured.
 */
export async function verifyToken(token: string): Promise<TokenClaims | undefined> {
  const key = await signingKey();
  if (key !== verifiedUnder) {
    verified.clear();
    verifiedUnder = key;
  }
  const known = verified.get(token);
  if (known) {
    if (Date.now() / 1000 < known.exp) return known.claims;
    verified.delete(token);
    return undefined;
  }
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ["exp", "sub"],
    });
    if (typeof payload.sub !== "string" || !Number.isSafeInteger(payload.ver)) return undefined;
    const claims = { userId: payload.sub, version: payload.ver as number };
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, exp: payload.exp! });
    return claims;
  } catch {
    return undefined;
  }
}
