/**
 * Password sign-in in one or two steps: the password, then (for an account with an authenticator app) a code
 * or a recovery code. With "require a second factor" on, a person without one is signed in to a session that
 * may only set one up.
 */
import { createHmac } from "node:crypto";
import type { LoginInput } from "~/schemas/sign-in";
import { audit, auditRefused } from "~/server/activity/audit";
import { addressKey } from "~/server/client-address";
import { AUTH_CHALLENGE, LOGIN_RATE_LIMIT } from "~/server/config";
import type { Db, Queryable } from "~/server/db";
import { HttpError } from "~/server/http";
import { countFailure } from "../failure-stop";
import { keyBytes } from "../keys";
import { admitLogin, loginLimits, settleSuccess } from "../login-throttle";
import { dummyPasswordHash, verifyPassword } from "../password";
import { completeSignIn, openSignedInSession, withDeviceToken, type ClientMeta, type SignedIn } from "./sign-in";
import { deviceTokenUser, signingKey } from "../tokens";
import { useSecondFactor } from "../totp";
import { hasTotp, readSettings } from "../queries/settings";
import { findLoginCandidate } from "../queries/users";
import { rememberLoginAddress } from "./users";

/** The password step's answer: signed in, or a ticket for the second step. */
export type PasswordSignIn = (SignedIn & { setupSecondFactor?: true }) | { secondFactor: "totp"; ticket: string };

/** Checks the password; signs in, or opens the second step when the account has an authenticator app. */
export async function passwordSignIn(db: Db, input: LoginInput, client: ClientMeta): Promise<PasswordSignIn> {
  const user = await verifyLogin(db, input, client);
  if (await hasTotp(db, user.id))
    return {
      secondFactor: "totp",
      ticket: await openSecondStep(db, user.id, input.rememberMe, "password", user.knownDevice),
    };
  const mustEnrol = (await readSettings(db)).requireSecondFactor;
  const signedIn = await completeSignIn(
    db,
    user,
    { method: "password", remember: input.rememberMe, mustEnrol, newDevice: !user.knownDevice },
    client,
  );
  return mustEnrol ? { ...signedIn, setupSecondFactor: true } : signedIn;
}

/**
 * A pending second step for `userId` after a first factor (`method`: a password, or a passkey that did not
 * verify the person); returns its ticket. `knownDevice`: the first step came with the account's known-device
 * token (no new-device e-mail after the second).
 */
export async function openSecondStep(
  db: Queryable,
  userId: string,
  remember: boolean,
  method: "password" | "passkey",
  knownDevice: boolean,
): Promise<string> {
  await db.query("DELETE FROM auth_challenges WHERE expires_at < now()");
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO auth_challenges (kind, user_id, challenge, remember, method, expires_at, known_device)
     VALUES ('second-factor', $1, '', $2, $3, now() + make_interval(secs => $4), $5) RETURNING id`,
    [userId, remember, method, AUTH_CHALLENGE.ttlSeconds, knownDevice],
  );
  return row!.id;
}

const STALE = "Sign-in expired, enter your password again";

/**
 * The second step: a code for the ticket's account. A wrong code counts against the ticket; at
 * `AUTH_CHALLENGE.maxCodeAttempts` the ticket is void and the person starts over with their password.
 */
export async function secondFactorSignIn(
  db: Db,
  input: { ticket: string; code: string },
  client: ClientMeta,
): Promise<SignedIn> {
  const outcome = await db.transaction(async (tx) => {
    const [pending] = await tx.query<{
      userId: string;
      username: string;
      remember: boolean;
      attempts: number;
      method: "password" | "passkey";
      knownDevice: boolean;
    }>(
      `SELECT c.user_id AS "userId", u.username, c.remember, c.attempts, c.method, c.known_device AS "knownDevice"
       FROM auth_challenges c JOIN staff_users u ON u.id = c.user_id
       WHERE c.id = $1 AND c.kind = 'second-factor' AND c.expires_at > now() AND u.disabled_at IS NULL
       FOR UPDATE OF c`,
      [input.ticket],
    );
    if (!pending) return { stale: true } as const;
    const used = await useSecondFactor(tx, pending.userId, input.code);
    const auditBase = {
      userId: pending.userId,
      username: pending.username,
      ip: client.ip,
      userAgent: client.userAgent,
    };
    if (!used) {
      if (pending.attempts + 1 >= AUTH_CHALLENGE.maxCodeAttempts)
        await tx.query("DELETE FROM auth_challenges WHERE id = $1", [input.ticket]);
      else await tx.query("UPDATE auth_challenges SET attempts = attempts + 1 WHERE id = $1", [input.ticket]);
      // A wrong code counts like a wrong password: someone who knows the password cannot get fresh tickets
      // forever (a correct password gives its throttle hits back), the account's failure stop ends it.
      await countFailure(tx, pending.userId, client);
      await audit(tx, { action: "login.failure", ...auditBase, detail: "wrong second-factor code" });
      return { wrong: true } as const;
    }
    await tx.query("DELETE FROM auth_challenges WHERE id = $1", [input.ticket]);
    if (used === "recovery code")
      await audit(tx, { action: "recovery-code.use", ...auditBase, targetId: pending.userId });
    const token = await openSignedInSession(
      tx,
      { id: pending.userId, username: pending.username },
      {
        method: pending.method,
        remember: pending.remember,
        detail: `${pending.method} + ${used}`,
        newDevice: !pending.knownDevice,
      },
      client,
    );
    return { userId: pending.userId, token };
  });
  if ("stale" in outcome) throw new HttpError(401, STALE, { code: "sign_in_expired" });
  if ("wrong" in outcome)
    throw new HttpError(401, "That code is not valid", {
      code: "invalid_code",
      issues: [{ path: ["code"], message: "That code is not valid", code: "invalid_code" }],
    });
  return withDeviceToken(outcome.userId, outcome.token);
}

/** The same answer for an unknown user, a wrong password, a disabled account and one that stopped taking passwords. */
const INVALID = "Invalid username or password";

let warnedNoAddress = false;

/**
 * Checks credentials and returns the account that may sign in. In order: 503 while PORTAL_JWT_SECRET is
 * unusable (before any other work); then the attempt is counted against its limits (see `loginLimits`) or
 * refused with 429 and Retry-After, before any hashing; then 401 for any bad credential. Unknown users and
 * wrong passwords run the same statements and one scrypt each, so neither timing nor answer tells them apart.
 * An account under the failure stop (../failure-stop.ts) refuses even the right password, unless it comes with the
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
 * How the audit log names a username that matches no account: often a password typed into the wrong
 * field, so never verbatim. A keyed hash (HMAC with the name-hashing key)
 * still lets repeated attempts on one name be grouped, without a dictionary of guesses reversing it.
 */
export function unknownUsername(username: string): string {
  const digest = createHmac("sha256", keyBytes("name-hashing")).update(username).digest("base64url");
  return `unknown:${digest.slice(0, 16)}`;
}
