import { createHmac } from "node:crypto";
import { LOGIN_RATE_LIMIT } from "~/server/config";
import type { LoginInput } from "~/schemas/auth";
import { audit } from "~/server/audit";
import { env } from "~/server/env";
import { addressKey } from "~/server/client-address";
import type { Db } from "~/server/db";
import { HttpError } from "~/server/http";
import { countRefusal } from "./login-refusals";
import { admitLogin, loginLimits, settleSuccess } from "./login-throttle";
import { dummyPasswordHash, verifyPassword } from "./password";
import { issueToken, signingKey } from "./tokens";
import { findLoginCandidate, rememberLoginAddress } from "./users";

/** Who is asking, for throttling and the audit log. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** The same answer for an unknown user, a wrong password and a disabled account. */
const INVALID = "Invalid username or password";

let warnedNoAddress = false;

/**
 * Checks credentials and returns a token. In order: 503 while PORTAL_JWT_SECRET is unusable (before
 * any other work); then the attempt is counted against its limits (see `loginLimits`) or refused with
 * 429 and Retry-After, before any hashing; then 401 for any bad credential. Unknown users and wrong
 * passwords run the same statements and one scrypt each, so neither timing nor answer tells them apart.
 */
export async function login(db: Db, input: LoginInput, client: ClientMeta): Promise<string> {
  // Nothing is read or written for a login that could not issue a token anyway.
  await signingKey();
  const address = addressKey(client.ip);
  if (!address && !warnedNoAddress) {
    warnedNoAddress = true;
    console.warn("login: a request without a client address; only its username-wide limit applies");
  }
  const knownForSeconds = LOGIN_RATE_LIMIT.knownAddressSeconds;
  const { user, knownAddress } = await findLoginCandidate(db, input.username, address, knownForSeconds);
  const username = user ? input.username : unknownUsername(input.username);
  const auditBase = { username, ip: client.ip, userAgent: client.userAgent };

  const admission = await admitLogin(db, loginLimits({ username: input.username, address, knownAddress }));
  if (!admission.admitted) {
    await countRefusal(db, "login.throttled", username, client.ip);
    throw new HttpError(429, "Too many sign-in attempts, try again later", {
      headers: { "Retry-After": String(admission.retryAfter) },
    });
  }

  const matches = await verifyPassword(input.password, user?.passwordHash ?? dummyPasswordHash());
  if (!user || !matches || user.disabled) {
    await countRefusal(db, "login.failure", username, client.ip);
    throw new HttpError(401, INVALID);
  }

  await db.transaction(async (tx) => {
    await settleSuccess(tx, admission);
    if (address) await rememberLoginAddress(tx, user.id, address, knownForSeconds);
    await audit(tx, { action: "login.success", userId: user.id, ...auditBase });
  });
  return issueToken(user.id, user.tokenVersion, input.rememberMe);
}

/**
 * How the audit log names a username that matches no account: often a password typed into the wrong
 * field, so never verbatim. A keyed hash (HMAC with the token secret, which sign-in requires anyway)
 * still lets repeated attempts on one name be grouped, without a dictionary of guesses reversing it.
 */
export function unknownUsername(username: string): string {
  const digest = createHmac("sha256", env().PORTAL_JWT_SECRET ?? "")
    .update(username)
    .digest("base64url");
  return `unknown:${digest.slice(0, 16)}`;
}
