/**
 * The server's half of a passkey (WebAuthn) ceremony, written once for signing in, confirming who one is and
 * adding a passkey: a challenge issued under a ticket for `AUTH_CHALLENGE.ttlSeconds`, taken back once (a
 * challenge answers once), and an authenticator's answer checked against the stored key, its signature counter
 * then updated. The relying party is the origin the request came to.
 */
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type UserVerificationRequirement,
} from "@simplewebauthn/server";
import { AUTH_CHALLENGE } from "~/server/config";
import type { Queryable } from "~/server/db";
import { HttpError } from "~/server/http";

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
export type ChallengeKind = "passkey-register" | "passkey-login" | "passkey-confirm";

/** A challenge the browser answers, and the ticket its answer comes back with. */
export interface IssuedChallenge<Options> {
  ticket: string;
  options: Options;
}

/** A passkey as the browser is told of it: its id and how it may be reached (`staff_passkeys.transports`). */
export interface KnownPasskey {
  id: string;
  transports: string | null;
}

/** A known passkey as WebAuthn's options list it, its transports split out of their stored form. */
export const transportsOf = (key: KnownPasskey) => ({
  id: key.id,
  transports: key.transports?.split(","),
});

/** A person's passkeys, as the browser is told of them. */
export const passkeysOf = (db: Queryable, userId: string) =>
  db.query<KnownPasskey>("SELECT id, transports FROM staff_passkeys WHERE user_id = $1", [userId]);

/**
 * Keeps `options`' challenge for `AUTH_CHALLENGE.ttlSeconds` (for `userId`, or anyone when null), clearing out
 * expired ones so the table stays tiny; the ticket names it.
 */
export async function issueChallenge<Options extends { challenge: string }>(
  db: Queryable,
  kind: ChallengeKind,
  userId: string | null,
  options: Options,
): Promise<IssuedChallenge<Options>> {
  await db.query("DELETE FROM auth_challenges WHERE expires_at < now()");
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO auth_challenges (kind, user_id, challenge, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING id`,
    [kind, userId, options.challenge, AUTH_CHALLENGE.ttlSeconds],
  );
  return { ticket: row!.id, options };
}

/**
 * A challenge to prove one holds a passkey: one of `allow` when given, else any of the site's discoverable ones.
 * `userVerification` "required" when the passkey stands in for password and code.
 */
export async function issueAuthentication(
  db: Queryable,
  kind: "passkey-login" | "passkey-confirm",
  rp: RelyingParty,
  {
    userId,
    allow,
    userVerification,
  }: { userId: string | null; allow?: KnownPasskey[]; userVerification: UserVerificationRequirement },
): Promise<IssuedChallenge<PublicKeyCredentialRequestOptionsJSON>> {
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: allow?.map(transportsOf),
    userVerification,
  });
  return issueChallenge(db, kind, userId, options);
}

/** Takes a live challenge out of the table (a challenge answers once); undefined when there is none. */
export async function takeChallenge(
  db: Queryable,
  ticket: string,
  kind: ChallengeKind,
  userId: string | null,
): Promise<string | undefined> {
  const [row] = await db.query<{ challenge: string }>(
    `DELETE FROM auth_challenges WHERE id = $1 AND kind = $2 AND expires_at > now()
       AND user_id IS NOT DISTINCT FROM $3::uuid RETURNING challenge`,
    [ticket, kind, userId],
  );
  return row?.challenge;
}

/**
 * Takes the signed-in person's live challenge before their answer is checked, on its own: a failed answer must
 * not leave the challenge for another try. 400 when it expired or was already answered.
 */
export async function spendChallenge(db: Queryable, ticket: string, kind: ChallengeKind, userId: string) {
  const challenge = await takeChallenge(db, ticket, kind, userId);
  if (!challenge) throw new HttpError(400, "The passkey request expired, try again");
  return challenge;
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
export async function verifyAssertion(
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
