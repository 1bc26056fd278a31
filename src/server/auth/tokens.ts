import { jwtVerify, SignJWT } from "jose";
import { TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_TTL_SECONDS } from "../../config/api";
import { jwtKey } from "../env";

/** What a verified portal token says. */
export interface TokenClaims {
  userId: string;
  /** The user's token_version when the token was issued. */
  version: number;
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
    .sign(await jwtKey());
}

/** Verifies a token with the algorithm pinned; returns undefined for anything forged, expired or malformed. */
export async function verifyToken(token: string): Promise<TokenClaims | undefined> {
  const key = await jwtKey();
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ["exp", "sub"],
    });
    if (typeof payload.sub !== "string" || !Number.isSafeInteger(payload.ver)) return undefined;
    return { userId: payload.sub, version: payload.ver as number };
  } catch {
    return undefined;
  }
}
