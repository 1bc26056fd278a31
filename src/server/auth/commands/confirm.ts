/**
 * Sudo mode: the signed-in person proves again who they are (their password, plus their authenticator code when
 * they have one, or a passkey that verifies them), and their session may then make sensitive changes for
 * `CONFIRMATION_SECONDS`. Password tries are throttled with the sign-in's own limits.
 */
import { type AuthenticationResponseJSON, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { ConfirmInput } from "~/schemas/own-account";
import { addressKey } from "~/server/client-address";
import type { Db, Queryable } from "~/server/db";
import { HttpError } from "~/server/http";
import { admitLogin, loginLimits, settleSuccess } from "../login-throttle";
import {
  issueAuthentication,
  passkeysOf,
  spendChallenge,
  verifyAssertion,
  type IssuedChallenge,
  type RelyingParty,
  type StoredPasskey,
} from "../passkey-ceremony";
import { verifyPassword } from "../password";
import { confirmSession } from "./sessions";
import type { Actor } from "../middleware";
import { hasTotp } from "../queries/settings";
import { useSecondFactor } from "../totp";

/** Confirms the caller with whichever proof `input` carries: password (and code), or a passkey's answer. */
export async function confirmCaller(db: Db, input: ConfirmInput, actor: Actor, rp: RelyingParty): Promise<void> {
  if ("ticket" in input) {
    const response = input.response as unknown as AuthenticationResponseJSON;
    await confirmWithPasskey(db, { ticket: input.ticket, response }, actor, rp);
  } else await confirmWithPassword(db, input, actor);
}

const refused = (field: "password" | "code", message: string) =>
  new HttpError(400, message, {
    code: field === "code" ? "invalid_code" : "wrong_password",
    issues: [{ path: [field], message, code: "invalid_" + field }],
  });

/**
 * Confirms the caller with their password and, when they have an authenticator app, its code (or a recovery
 * code, then spent). Each try counts against the sign-in limits of their name and address first (429 with
 * Retry-After past them); a right answer gives its hits back. 400 naming the field for a wrong one.
 */
export async function confirmWithPassword(db: Db, input: { password: string; code?: string }, actor: Actor) {
  const { staff } = actor;
  // Always the name-wide limit too: a stolen session could otherwise guess from ever new addresses.
  const limits = loginLimits({ username: staff.username, address: addressKey(actor.ip), knownAddress: false });
  const admission = await admitLogin(db, limits);
  if (!admission.admitted)
    throw new HttpError(429, "Too many tries, try again later", {
      headers: { "Retry-After": String(admission.retryAfter) },
    });
  const [row] = await db.query<{ hash: string | null }>("SELECT password_hash AS hash FROM staff_users WHERE id = $1", [
    staff.id,
  ]);
  if (!row?.hash || !(await verifyPassword(input.password, row.hash))) throw refused("password", "Password is wrong");
  await db.transaction(async (tx) => {
    if (await hasTotp(tx, staff.id)) {
      if (!input.code?.trim()) throw refused("code", "Enter the code from your authenticator app");
      if (!(await useSecondFactor(tx, staff.id, input.code))) throw refused("code", "That code is not valid");
    }
    await settleSuccess(tx, admission);
    await confirmSession(tx, staff.sessionId);
  });
}

/** A challenge for confirming with one of the caller's passkeys; 404 when they have none. */
export async function passkeyConfirmOptions(
  db: Queryable,
  actor: Actor,
  rp: RelyingParty,
): Promise<IssuedChallenge<PublicKeyCredentialRequestOptionsJSON>> {
  const keys = await passkeysOf(db, actor.staff.id);
  if (!keys.length) throw new HttpError(404, "You have no passkey: confirm with your password");
  // Standing in for password and code, the passkey must verify the person, not only be touched.
  return issueAuthentication(db, "passkey-confirm", rp, {
    userId: actor.staff.id,
    allow: keys,
    userVerification: "required",
  });
}

const NOT_CONFIRMED = "This passkey could not confirm it is you";

/**
 * Confirms the caller with one of their own passkeys: its answer to their challenge must check out and show
 * that the authenticator verified the person (400 otherwise).
 */
export async function confirmWithPasskey(
  db: Db,
  input: { ticket: string; response: AuthenticationResponseJSON },
  actor: Actor,
  rp: RelyingParty,
): Promise<void> {
  const challenge = await spendChallenge(db, input.ticket, "passkey-confirm", actor.staff.id);
  await db.transaction(async (tx) => {
    const [key] = await tx.query<StoredPasskey>(
      `SELECT public_key AS "publicKey", counter, transports FROM staff_passkeys
       WHERE id = $1 AND user_id = $2 FOR UPDATE`,
      [input.response.id, actor.staff.id],
    );
    if (!key) throw new HttpError(400, NOT_CONFIRMED);
    if (!(await verifyAssertion(tx, input.response, key, challenge, rp, { requireUserVerification: true })))
      throw new HttpError(400, NOT_CONFIRMED);
    await confirmSession(tx, actor.staff.sessionId);
  });
}
