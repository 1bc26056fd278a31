/**
 * Password sign-in in one or two steps: the password, then (for an account with an authenticator app) a code
 * or a recovery code. With "require a second factor" on, a person without one is signed in to a session that
 * may only set one up.
 */
import type { LoginInput } from "~/schemas/sign-in";
import { audit } from "~/server/audit";
import { AUTH_CHALLENGE } from "~/server/config";
import type { Db, Queryable } from "~/server/db";
import { HttpError } from "~/server/http";
import { readSettings } from "~/server/staff-accounts";
import {
  completeSignIn,
  openSignedInSession,
  verifyLogin,
  withDeviceToken,
  type ClientMeta,
  type SignedIn,
} from "./login";
import { countFailure } from "./failure-stop";
import { hasTotp, useSecondFactor } from "./totp";

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
