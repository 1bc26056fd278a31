import { errors, jwtVerify, SignJWT } from "jose";
import { PORTAL_AUTH_UNCONFIGURED } from "~/server/config";
import { TOKEN_TTL_SECONDS } from "~/schemas/limits";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "~/server/config";
import { JwtSecretError } from "~/server/env";
import { tokenKey } from "./keys";
import { HttpError } from "~/server/http";

/** What a verified portal token says. */
export interface TokenClaims {
  userId: string;
  /** The staff_sessions row the token belongs to: ending the row ends the token. */
  sessionId: string;
  /** Seconds since the epoch. */
  expires: number;
}

let reportedSecret = false;

/**
 * The key that signs session tokens (or, for `device-tokens`, known-device tokens), or a 503 "Portal sign-in is not configured" while PORTAL_JWT_SECRET is missing or
 * too short: an operator's setting to fix, not a server fault (500) nor the caller's (401). Logged
 * once per instance. Login calls it first, so such a request does no other work.
 */
export async function signingKey(purpose: "token-signing" | "device-tokens" = "token-signing"): Promise<CryptoKey> {
  try {
    return await tokenKey(purpose);
  } catch (error) {
    if (!(error instanceof JwtSecretError)) throw error;
    if (!reportedSecret) console.error(error.message);
    reportedSecret = true;
    throw new HttpError(503, PORTAL_AUTH_UNCONFIGURED, { cause: error });
  }
}

/** Seconds a session, and each token issued for it, lasts from its last use: 12 h, or 30 days if remembered. */
export const sessionLifetime = (remember: boolean): number =>
  remember ? TOKEN_TTL_SECONDS.rememberMe : TOKEN_TTL_SECONDS.session;

/** Signs a portal token: HS256, sub = user id, sid = its session, expiring a session's lifetime from now. */
export async function issueToken(userId: string, sessionId: string, rememberMe: boolean): Promise<string> {
  const ttl = sessionLifetime(rememberMe);
  return new SignJWT({ sid: sessionId })
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
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return undefined;
    return { userId: payload.sub, sessionId: payload.sid, expires: payload.exp! };
  } catch {
    return undefined;
  }
}

/**
 * Whether `token` is a portal token the company signed, expired or not, live session or ended: whoever holds
 * one is staff, even a minute after their session ended. False for anything forged or malformed, and while no
 * valid secret is configured (portal sign-in is off then, and no token can be told from garbage).
 */
export async function isSignedPortalToken(token: string): Promise<boolean> {
  let key: CryptoKey;
  try {
    key = await tokenKey("token-signing");
  } catch (error) {
    if (error instanceof JwtSecretError) return false;
    throw error;
  }
  try {
    await jwtVerify(token, key, { algorithms: ["HS256"], issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE });
    return true;
  } catch (error) {
    // The signature, issuer and audience are checked before the expiry: an expired token got here genuine.
    return error instanceof errors.JWTExpired;
  }
}

/** Audience of known-device tokens: a portal token can never pass for one, nor the reverse. */
const DEVICE_AUDIENCE = "anchor-line-known-device";

/** A known-device token: proof that this browser signed in to `userId` before (issued at each success). */
export async function issueDeviceToken(userId: string, ttlSeconds: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(DEVICE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await signingKey("device-tokens"));
}

/** The account a known-device token was issued for, or undefined for anything forged, expired or malformed. */
export async function deviceTokenUser(token: string | undefined): Promise<string | undefined> {
  if (!token) return undefined;
  try {
    const { payload } = await jwtVerify(token, await signingKey("device-tokens"), {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: DEVICE_AUDIENCE,
      requiredClaims: ["exp", "sub"],
    });
    return typeof payload.sub === "string" ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}
