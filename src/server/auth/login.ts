import { createHmac } from "node:crypto";
import { KNOWN_DEVICE_TTL_SECONDS, LOGIN_RATE_LIMIT } from "~/server/config";
import type { LoginInput } from "~/schemas/sign-in";
import { audit, auditRefused } from "~/server/audit";
import { addressKey } from "~/server/client-address";
import type { Db, Queryable } from "~/server/db";
import { HttpError } from "~/server/http";
import { queueSecurityNotice } from "~/server/notifications/security";
import { countFailure } from "./failure-stop";
import { keyBytes } from "./keys";
import { admitLogin, loginLimits, settleSuccess } from "./login-throttle";
import { dummyPasswordHash, verifyPassword } from "./password";
import { startSession, type SessionMethod } from "./sessions";
import { deviceTokenUser, issueDeviceToken, signingKey } from "./tokens";
import { findLoginCandidate, rememberLoginAddress } from "./users";

/** Who is asking, for throttling and the audit log. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** What a finished sign-in hands the browser: its session token and its known-device token. */
export interface SignedIn {
  token: string;
  deviceToken: string;
}

/** The same answer for an unknown user, a wrong password, a disabled account and one that stopped taking passwords. */
const INVALID = "Invalid username or password";

let warnedNoAddress = false;

/**
 * Checks credentials and returns the account that may sign in. In order: 503 while PORTAL_JWT_SECRET is
 * unusable (before any other work); then the attempt is counted against its limits (see `loginLimits`) or
 * refused with 429 and Retry-After, before any hashing; then 401 for any bad credential. Unknown users and
 * wrong passwords run the same statements and one scrypt each, so neither timing nor answer tells them apart.
 * An account under the failure stop (failure-stop.ts) refuses even the right password, unless it comes with the
 * account's known-device token; wrong passwords with that token do not count toward the stop.
 */
export async function verifyLogin(
  db: Db,
  input: LoginInput,
  client: ClientMeta,
): Promise<{ id: string; username: string; knownDevice: boolean }> {
  // Nothing is read or written for a login that could not issue a token anyway.
  await signingKey();
  const address = addressKey(client.ip);
  if (!address && !warnedNoAddress) {
    warnedNoAddress = true;
    console.warn("login: a request without a client address; only its username-wide limit applies");
  }
  const knownForSeconds = LOGIN_RATE_LIMIT.knownAddressSeconds;
  const { user, knownAddress } = await findLoginCandidate(db, input.username, address, knownForSeconds);
  const knownDevice = !!user && (await deviceTokenUser(input.deviceToken)) === user.id;
  const username = user ? input.username : unknownUsername(input.username);
  const auditBase = { username, ip: client.ip, userAgent: client.userAgent };

  const limits = loginLimits({ username: input.username, address, knownAddress: knownAddress || knownDevice });
  const admission = await admitLogin(db, limits);
  if (!admission.admitted) {
    await auditRefused(db, { userId: user?.id, ...auditBase });
    throw new HttpError(429, "Too many sign-in attempts, try again later", {
      headers: { "Retry-After": String(admission.retryAfter) },
    });
  }

  const matches = await verifyPassword(input.password, user?.passwordHash ?? dummyPasswordHash());
  const stopped = !!user && user.stopped && !knownDevice;
  if (!user || !matches || user.disabled || stopped) {
    await db.transaction(async (tx) => {
      // Run for unknown names too (it updates no row), so they cost what a wrong password costs. The owner's own
      // browser never counts: nobody else can push their account into the stop from there.
      if (!matches && !knownDevice) await countFailure(tx, user?.id ?? null, client);
      await audit(tx, {
        action: "login.failure",
        userId: user?.id,
        ...auditBase,
        detail: stopped ? "passwords stopped after repeated failures" : user?.disabled ? "account disabled" : null,
      });
    });
    throw new HttpError(401, INVALID, { code: "invalid_credentials" });
  }

  await db.transaction(async (tx) => {
    await settleSuccess(tx, admission);
    if (address) await rememberLoginAddress(tx, user.id, address, knownForSeconds);
  });
  return { id: user.id, username: user.username, knownDevice };
}

/**
 * Completes a sign-in for `user` once every factor it needs has passed: clears its failure count, records its
 * last sign-in, writes the audit entry and opens its session, in one transaction.
 */
export async function completeSignIn(
  db: Db,
  user: { id: string; username: string },
  how: SignInHow,
  client: ClientMeta,
): Promise<SignedIn> {
  const token = await db.transaction((tx) => openSignedInSession(tx, user, how, client));
  return withDeviceToken(user.id, token);
}

/** How a sign-in was made, for its session and its activity-log entry. */
export interface SignInHow {
  method: SessionMethod;
  remember: boolean;
  /** The factors used, in words ("password + totp"); the method when absent. */
  detail?: string;
  mustEnrol?: boolean;
  /** The browser had no known-device token of this account: its owner is e-mailed about the sign-in. */
  newDevice?: boolean;
}

/** `completeSignIn`'s writes, inside the caller's transaction; returns the session token. */
export async function openSignedInSession(
  tx: Queryable,
  user: { id: string; username: string },
  how: SignInHow,
  client: ClientMeta,
): Promise<string> {
  // Only a password sign-in clears the count of wrong passwords: a passkey does not lift a stop on passwords.
  await tx.query(
    `UPDATE staff_users SET failed_logins = CASE WHEN $3::boolean THEN 0 ELSE failed_logins END,
       password_stopped_at = CASE WHEN $3::boolean THEN NULL ELSE password_stopped_at END, last_login_at = now(),
       last_login_ip = $2 WHERE id = $1`,
    [user.id, client.ip, how.method === "password"],
  );
  if (how.newDevice) await queueSecurityNotice(tx, user.id, "new-device", client);
  await audit(tx, {
    action: "login.success",
    userId: user.id,
    username: user.username,
    ip: client.ip,
    userAgent: client.userAgent,
    detail: how.detail ?? how.method,
  });
  return startSession(tx, user.id, { remember: how.remember, method: how.method, mustEnrol: how.mustEnrol, ...client });
}

/** A finished sign-in's answer: the session token and a fresh known-device token for this browser. */
export async function withDeviceToken(userId: string, token: string): Promise<SignedIn> {
  return { token, deviceToken: await issueDeviceToken(userId, KNOWN_DEVICE_TTL_SECONDS) };
}

/**
 * How the audit log names a username that matches no account: often a password typed into the wrong
 * field, so never verbatim. A keyed hash (HMAC with the name-hashing key)
 * still lets repeated attempts on one name be grouped, without a dictionary of guesses reversing it.
 */
export function unknownUsername(username: string): string {
  const digest = createHmac("sha256", keyBytes("name-hashing")).update(username).digest("base64url");
  return `unknown:${digest.slice(0, 16)}`;
}
