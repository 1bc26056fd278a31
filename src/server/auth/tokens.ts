import { jwtVerify, SignJWT } from "jose";
import { PORTAL_AUTH_UNCONFIGURED } from "~/server/config";
import { TOKEN_TTL_SECONDS } from "~/schemas/limits";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "~/server/config";
import { jwtKey, JwtSecretError } from "~/server/env";
import { HttpError } from "~/server/http";

/** What a verified portal token says. */
export interface TokenClaims {
  userId: string;
  /** The user's token_version when the token was issued. */
  version: number;
  /** Seconds since the epoch. */
  expires: number;
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

/**
 * Verifies a token with the algorithm pinned; returns undefined for anything forged, expired or
 * malformed, and throws the 503 of `signingKey` while no valid secret is configured.
 */
export async function verifyToken(token: string): Promise<TokenClaims | undefined> {
  const key = await signingKey();
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ["exp", "sub"],
    });
    if (typeof payload.sub !== "string" || !Number.isSafeInteger(payload.ver)) return undefined;
    return { userId: payload.sub, version: payload.ver as number, expires: payload.exp! };
  } catch {
    return undefined;
  }
}
