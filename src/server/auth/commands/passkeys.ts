/**
 * Passkeys (WebAuthn, discoverable credentials): registering one on the account screen or right after an
 * invitation, and signing in with one, no username needed. A passkey proves possession; only when its
 * authenticator also verified the person (the UV flag: PIN, fingerprint, face) does it count as both factors.
 * Without that it is one factor, like a password. The ceremony itself (challenges, checking an answer) is
 * `../passkey-ceremony.ts`'s.
 */
import { queueSecurityNotice } from "~/server/notifications/security";
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { company } from "~/config/company";
import { actorEntry, audit } from "~/server/activity/audit";
import { addressKey } from "~/server/client-address";
import { PASSKEY_CHALLENGE_LIMIT } from "~/server/config";
import type { Db, Queryable } from "~/server/db";
import {
  issueAuthentication,
  issueChallenge,
  passkeysOf,
  spendChallenge,
  takeChallenge,
  transportsOf,
  verifyAssertion,
  type IssuedChallenge,
  type RelyingParty,
  type StoredPasskey,
} from "../passkey-ceremony";
import { HttpError } from "~/server/http";
import { openSignedInSession, withDeviceToken, type ClientMeta } from "./sign-in";
import { openSecondStep, type PasswordSignIn } from "./password-sign-in";
import { releaseEnrolment } from "./sessions";
import { hasTotp, readSettings } from "../queries/settings";
import { admit, retryAfter } from "~/server/rate-limit";
import type { Actor } from "../middleware";

/** Options for registering a new passkey for the caller, its existing ones excluded; the ticket names the challenge. */
export async function passkeyRegistrationOptions(
  db: Queryable,
  actor: Actor,
  rp: RelyingParty,
): Promise<IssuedChallenge<PublicKeyCredentialCreationOptionsJSON>> {
  const existing = await passkeysOf(db, actor.staff.id);
  const options = await generateRegistrationOptions({
    rpName: company.name,
    rpID: rp.rpID,
    userName: actor.staff.username,
    userDisplayName: actor.staff.displayName || actor.staff.username,
    userID: new TextEncoder().encode(actor.staff.id),
    attestationType: "none",
    excludeCredentials: existing.map(transportsOf),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  return issueChallenge(db, "passkey-register", actor.staff.id, options);
}

/** Verifies and stores a new passkey of the caller (400 when the authenticator's answer does not check out). */
export async function registerPasskey(
  db: Db,
  input: { ticket: string; response: RegistrationResponseJSON; name: string },
  actor: Actor,
  rp: RelyingParty,
): Promise<{ id: string; name: string }> {
  const challenge = await spendChallenge(db, input.ticket, "passkey-register", actor.staff.id);
  return db.transaction(async (tx) => {
    const result = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    }).catch((error: unknown) => {
      throw new HttpError(400, "The passkey could not be verified", { cause: error });
    });
    if (!result.verified) throw new HttpError(400, "The passkey could not be verified");
    const { credential, userVerified } = result.registrationInfo;
    await tx.query(
      `INSERT INTO staff_passkeys (id, user_id, public_key, counter, transports, name, user_verified)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        credential.id,
        actor.staff.id,
        Buffer.from(credential.publicKey).toString("base64url"),
        credential.counter,
        credential.transports?.join(",") ?? null,
        input.name || "Passkey",
        userVerified,
      ],
    );
    // A passkey that verified the person is a second factor: this session (and no other) may now do everything.
    if (userVerified) await releaseEnrolment(tx, actor.staff.sessionId);
    await audit(tx, {
      action: "passkey.add",
      ...actorEntry(actor),
      targetId: actor.staff.id,
      detail: input.name,
    });
    await queueSecurityNotice(tx, actor.staff.id, "passkey-added", { ...actor, detail: input.name || "Passkey" });
    return { id: credential.id, name: input.name };
  });
}

/** Removes one of the caller's passkeys (404 when it is not theirs). */
export async function removePasskey(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.query<{ name: string }>(
      "DELETE FROM staff_passkeys WHERE id = $1 AND user_id = $2 RETURNING name",
      [id, actor.staff.id],
    );
    if (!rows[0]) throw new HttpError(404, "Passkey not found");
    await audit(tx, {
      action: "passkey.remove",
      ...actorEntry(actor),
      targetId: actor.staff.id,
      detail: rows[0].name,
    });
    await queueSecurityNotice(tx, actor.staff.id, "passkey-removed", { ...actor, detail: rows[0].name });
  });
}

/**
 * Options for a passkey sign-in: no credentials listed, so the browser offers the site's discoverable ones.
 * Anyone may ask, so each address may ask `PASSKEY_CHALLENGE_LIMIT.perAddress` times per window (429 after).
 */
export async function passkeyLoginOptions(
  db: Queryable,
  rp: RelyingParty,
  ip: string | null,
): Promise<IssuedChallenge<PublicKeyCredentialRequestOptionsJSON>> {
  const address = addressKey(ip);
  if (address) {
    const limit = {
      bucket: "passkey-options",
      key: address,
      max: PASSKEY_CHALLENGE_LIMIT.perAddress,
      windowSeconds: PASSKEY_CHALLENGE_LIMIT.windowSeconds,
    };
    if ((await admit(db, limit)) === undefined)
      throw new HttpError(429, "Too many sign-in attempts, try again later", {
        headers: { "Retry-After": String(await retryAfter(db, limit)) },
      });
  }
  return issueAuthentication(db, "passkey-login", rp, { userId: null, userVerification: "preferred" });
}

const NOT_RECOGNISED = "This passkey was not recognised";

/**
 * Signs in with a passkey's answer to a challenge; 401 for anything that does not check out. A passkey that
 * verified the person is both factors. One that did not is one factor, like a password: the authenticator
 * app's code follows when the person has one, and while the company requires a second factor a person without
 * one gets a session that may only set one up.
 */
export async function passkeySignIn(
  db: Db,
  input: { ticket: string; response: AuthenticationResponseJSON; rememberMe: boolean },
  client: ClientMeta,
  rp: RelyingParty,
): Promise<PasswordSignIn> {
  type Outcome = { ticket: string } | { userId: string; token: string; mustEnrol: boolean } | undefined;
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const challenge = await takeChallenge(tx, input.ticket, "passkey-login", null);
    if (!challenge) return undefined;
    const [key] = await tx.query<StoredPasskey & { userId: string; username: string }>(
      `SELECT p.user_id AS "userId", u.username, p.public_key AS "publicKey", p.counter, p.transports
       FROM staff_passkeys p JOIN staff_users u ON u.id = p.user_id
       WHERE p.id = $1 AND u.disabled_at IS NULL FOR UPDATE OF p`,
      [input.response.id],
    );
    if (!key) return undefined;
    const used = await verifyAssertion(tx, input.response, key, challenge, rp, { requireUserVerification: false });
    if (!used) return undefined;
    const { userVerified } = used;
    if (!userVerified && (await hasTotp(tx, key.userId)))
      // A passkey lives on (or syncs to) the person's own devices: no new-device e-mail, as for a passkey sign-in.
      return { ticket: await openSecondStep(tx, key.userId, input.rememberMe, "passkey", true) };
    const mustEnrol = !userVerified && (await readSettings(tx)).requireSecondFactor;
    const token = await openSignedInSession(
      tx,
      { id: key.userId, username: key.username },
      {
        method: "passkey",
        remember: input.rememberMe,
        detail: userVerified ? "passkey" : "passkey without user verification",
        mustEnrol,
      },
      client,
    );
    return { userId: key.userId, token, mustEnrol };
  });
  if (!outcome) throw new HttpError(401, NOT_RECOGNISED, { code: "passkey_not_recognised" });
  if ("ticket" in outcome) return { secondFactor: "totp", ticket: outcome.ticket };
  const signedIn = await withDeviceToken(outcome.userId, outcome.token);
  return outcome.mustEnrol ? { ...signedIn, setupSecondFactor: true } : signedIn;
}
