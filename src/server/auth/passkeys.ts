/**
 * Passkeys (WebAuthn, discoverable credentials): registering one on the account screen or right after an
 * invitation, and signing in with one, no username needed. A passkey proves possession; only when its
 * authenticator also verified the person (the UV flag: PIN, fingerprint, face) does it count as both factors.
 * Without that it is one factor, like a password. The relying party is the origin the request came to.
 */
import { queueSecurityNotice } from "~/server/notifications/security";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { company } from "~/config/company";
import { actorEntry, audit } from "~/server/activity/audit";
import { addressKey } from "~/server/client-address";
import { AUTH_CHALLENGE, PASSKEY_CHALLENGE_LIMIT } from "~/server/config";
import type { Db, Queryable } from "~/server/db";
import { HttpError } from "~/server/http";
import { openSignedInSession, withDeviceToken, type ClientMeta } from "./sign-in";
import { openSecondStep, type PasswordSignIn } from "./password-sign-in";
import { releaseEnrolment } from "./sessions";
import { hasTotp } from "./totp";
import { readSettings } from "./company-settings";
import { admit, retryAfter } from "~/server/rate-limit";
import type { Actor } from "./middleware";

/** Where WebAuthn runs: the origin the browser is on and its host name (the relying party id). */
export interface RelyingParty {
  origin: string;
  rpID: string;
}

/** The relying party of a request: its own origin, so a credential is bound to the host that created it. */
export function relyingPartyOf(url: string): RelyingParty {
  const { origin, hostname } = new URL(url);
  return { origin, rpID: hostname };
}

/** What a WebAuthn challenge is for. */
type ChallengeKind = "passkey-register" | "passkey-login" | "passkey-confirm";

/** Stores a challenge for `AUTH_CHALLENGE.ttlSeconds`, clearing out expired ones (the table stays tiny). */
export async function saveChallenge(
  db: Queryable,
  kind: ChallengeKind,
  challenge: string,
  userId: string | null,
): Promise<string> {
  await db.query("DELETE FROM auth_challenges WHERE expires_at < now()");
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO auth_challenges (kind, user_id, challenge, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING id`,
    [kind, userId, challenge, AUTH_CHALLENGE.ttlSeconds],
  );
  return row!.id;
}

/** Takes a live challenge out of the table (a challenge answers once); undefined when there is none. */
export async function takeChallenge(
  db: Queryable,
  id: string,
  kind: ChallengeKind,
  userId: string | null,
): Promise<string | undefined> {
  const [row] = await db.query<{ challenge: string }>(
    `DELETE FROM auth_challenges WHERE id = $1 AND kind = $2 AND expires_at > now()
       AND user_id IS NOT DISTINCT FROM $3::uuid RETURNING challenge`,
    [id, kind, userId],
  );
  return row?.challenge;
}

/** Options for registering a new passkey for the caller, its existing ones excluded; the ticket names the challenge. */
export async function passkeyRegistrationOptions(
  db: Queryable,
  actor: Actor,
  rp: RelyingParty,
): Promise<{ ticket: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const existing = await db.query<{ id: string; transports: string | null }>(
    "SELECT id, transports FROM staff_passkeys WHERE user_id = $1",
    [actor.staff.id],
  );
  const options = await generateRegistrationOptions({
    rpName: company.name,
    rpID: rp.rpID,
    userName: actor.staff.username,
    userDisplayName: actor.staff.displayName || actor.staff.username,
    userID: new TextEncoder().encode(actor.staff.id),
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports?.split(",") })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  const ticket = await saveChallenge(db, "passkey-register", options.challenge, actor.staff.id);
  return { ticket, options };
}

/** Verifies and stores a new passkey of the caller (400 when the authenticator's answer does not check out). */
export async function registerPasskey(
  db: Db,
  input: { ticket: string; response: RegistrationResponseJSON; name: string },
  actor: Actor,
  rp: RelyingParty,
): Promise<{ id: string; name: string }> {
  // Spent before the check, on its own: a failed answer must not leave the challenge for another try.
  const challenge = await takeChallenge(db, input.ticket, "passkey-register", actor.staff.id);
  if (!challenge) throw new HttpError(400, "The passkey request expired, try again");
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
): Promise<{ ticket: string; options: PublicKeyCredentialRequestOptionsJSON }> {
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
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: "preferred" });
  return { ticket: await saveChallenge(db, "passkey-login", options.challenge, null), options };
}

/** A stored passkey's public key, as `staff_passkeys` keeps it. */
export interface StoredPasskey {
  publicKey: string;
  counter: string | number;
  transports: string | null;
}

/**
 * Checks a passkey's answer to `challenge` against its stored key and, when it checks out, records the use: the
 * new signature counter, the time, and that it verified the person if it did. Undefined for an answer that does not
 * check out (or that did not verify the person when `requireUserVerification`).
 */
export async function useAssertion(
  tx: Queryable,
  response: AuthenticationResponseJSON,
  key: StoredPasskey,
  challenge: string,
  rp: RelyingParty,
  { requireUserVerification }: { requireUserVerification: boolean },
): Promise<{ userVerified: boolean } | undefined> {
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: {
      id: response.id,
      publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64url")),
      counter: Number(key.counter),
      transports: key.transports?.split(",") as never,
    },
    requireUserVerification,
  }).catch(() => undefined);
  if (!result?.verified || (requireUserVerification && !result.authenticationInfo.userVerified)) return undefined;
  const { newCounter, userVerified } = result.authenticationInfo;
  await tx.query(
    `UPDATE staff_passkeys SET counter = $2, last_used_at = now(), user_verified = user_verified OR $3
     WHERE id = $1`,
    [response.id, newCounter, userVerified],
  );
  return { userVerified };
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
    const [key] = await tx.query<{
      userId: string;
      username: string;
      publicKey: string;
      counter: string | number;
      transports: string | null;
    }>(
      `SELECT p.user_id AS "userId", u.username, p.public_key AS "publicKey", p.counter, p.transports
       FROM staff_passkeys p JOIN staff_users u ON u.id = p.user_id
       WHERE p.id = $1 AND u.disabled_at IS NULL FOR UPDATE OF p`,
      [input.response.id],
    );
    if (!key) return undefined;
    const used = await useAssertion(tx, input.response, key, challenge, rp, { requireUserVerification: false });
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
