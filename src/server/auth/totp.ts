/** TOTP second factor: setting it up, checking codes (each once), and recovery codes (each once, stored hashed). */
import { queueSecurityNotice } from "~/server/notifications/security";
import { createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { company } from "~/config/company";
import { actorEntry, audit } from "~/server/activity/audit";
import { RECOVERY_CODE_COUNT, TOTP_PARAMS } from "~/server/config";
import type { Db, Queryable } from "~/server/db";
import { HttpError } from "~/server/http";
import { releaseEnrolment } from "./sessions";
import { isSealed, seal, unseal } from "./keys";
import type { Actor } from "./middleware";

const totpFor = (secret: string, label: string) =>
  new TOTP({
    issuer: company.name,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_PARAMS.algorithm,
    digits: TOTP_PARAMS.digits,
    period: TOTP_PARAMS.period,
  });

/**
 * The SHA-256 a recovery code is stored as (dashes, spaces and case do not matter when typed). A fast hash is
 * enough because a code carries 120 random bits: no guessing, offline or not, comes near one.
 */
const hashRecoveryCode = (code: string) =>
  createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex");

/** The letters of a recovery code: 32 of them (5 bits each, no 0/o, 1/l), and 256 is a multiple of 32 (no bias). */
export const RECOVERY_CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
/** Letters per recovery code: 24 x 5 = 120 bits, above the 112 bits a secret that is stored fast-hashed needs. */
export const RECOVERY_CODE_LENGTH = 24;

/** Ten fresh recovery codes as shown to the person: 24 letters each, in four groups of six. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(RECOVERY_CODE_LENGTH)]
      .map((b) => RECOVERY_CODE_ALPHABET[b % RECOVERY_CODE_ALPHABET.length])
      .join("");
    return chars.match(/.{6}/g)!.join("-");
  });
}

/** What a person's authenticator secret is sealed to: their row, so a sealed secret copied elsewhere fails. */
const totpContext = (userId: string) => `staff_totp:${userId}`;

/**
 * Starts setting up TOTP for the caller: a new secret, not yet in force, replacing any unconfirmed one.
 * Returns the secret (for typing in) and the otpauth:// URI the browser draws as a QR code.
 */
export async function beginTotp(db: Queryable, actor: Actor): Promise<{ secret: string; uri: string }> {
  const [existing] = await db.query<{ confirmed: boolean }>("SELECT confirmed FROM staff_totp WHERE user_id = $1", [
    actor.staff.id,
  ]);
  if (existing?.confirmed) throw new HttpError(409, "An authenticator app is already set up");
  const secret = new Secret({ size: TOTP_PARAMS.secretBytes }).base32;
  // Stored encrypted: a copy of the database alone cannot mint codes.
  await db.query(
    `INSERT INTO staff_totp (user_id, secret) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, last_step = 0, created_at = now()`,
    [actor.staff.id, seal(secret, totpContext(actor.staff.id))],
  );
  return { secret, uri: totpFor(secret, actor.staff.username).toString() };
}

/**
 * The time step `code` is valid for under `secret`, or undefined; a step at or before `lastStep` (a code already
 * used) does not count.
 */
function acceptedStep(secret: string, code: string, lastStep: number): number | undefined {
  const delta = TOTP.validate({
    token: code.replace(/\s/g, ""),
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_PARAMS.algorithm,
    digits: TOTP_PARAMS.digits,
    period: TOTP_PARAMS.period,
    window: TOTP_PARAMS.window,
  });
  if (delta === null) return undefined;
  const step = TOTP.counter({ period: TOTP_PARAMS.period }) + delta;
  return step > lastStep ? step : undefined;
}

/**
 * Puts TOTP in force once the person proves their app with a code; returns the ten recovery codes, shown this
 * once. The session that set it up, and only that one, is released if it was waiting for a second factor.
 */
export async function confirmTotp(db: Db, code: string, actor: Actor): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ secret: string; confirmed: boolean }>(
      "SELECT secret, confirmed FROM staff_totp WHERE user_id = $1 FOR UPDATE",
      [actor.staff.id],
    );
    if (!row || row.confirmed) throw new HttpError(409, "Start setting up the authenticator app first");
    const step = acceptedStep(unseal(row.secret, totpContext(actor.staff.id)), code, 0);
    if (step === undefined) throw badCode();
    await tx.query("UPDATE staff_totp SET confirmed = true, last_step = $2 WHERE user_id = $1", [actor.staff.id, step]);
    const codes = await storeRecoveryCodes(tx, actor.staff.id);
    await releaseEnrolment(tx, actor.staff.sessionId);
    await audit(tx, auditEntry(actor, "totp.enable"));
    await queueSecurityNotice(tx, actor.staff.id, "totp-added", actor);
    return codes;
  });
}

/**
 * Ten new recovery codes for a person whose authenticator app is in force (409 otherwise), shown this once; the
 * earlier ones stop working at once, whether used or not (someone who saw the old list can no longer use it).
 */
export async function replaceRecoveryCodes(db: Db, actor: Actor): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query("SELECT 1 FROM staff_totp WHERE user_id = $1 AND confirmed FOR UPDATE", [
      actor.staff.id,
    ]);
    if (!row) throw new HttpError(409, "Set up the authenticator app first");
    const codes = await storeRecoveryCodes(tx, actor.staff.id);
    await audit(tx, auditEntry(actor, "recovery-code.replace"));
    await queueSecurityNotice(tx, actor.staff.id, "recovery-codes-replaced", actor);
    return codes;
  });
}

/** Replaces the person's recovery codes with ten new ones, stored hashed; returns them as shown. */
async function storeRecoveryCodes(tx: Queryable, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.query("DELETE FROM staff_recovery_codes WHERE user_id = $1", [userId]);
  await tx.query("INSERT INTO staff_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])", [
    userId,
    codes.map(hashRecoveryCode),
  ]);
  return codes;
}

/** Removes the caller's TOTP and recovery codes (409 while the company requires a second factor). */
export async function removeTotp(db: Db, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [settings] = await tx.query<{ required: boolean }>(
      "SELECT require_second_factor AS required FROM portal_settings",
    );
    if (settings?.required) throw new HttpError(409, "The company requires a second factor");
    const removed = await tx.query("DELETE FROM staff_totp WHERE user_id = $1 RETURNING confirmed", [actor.staff.id]);
    await tx.query("DELETE FROM staff_recovery_codes WHERE user_id = $1", [actor.staff.id]);
    await audit(tx, auditEntry(actor, "totp.disable"));
    if (removed.length) await queueSecurityNotice(tx, actor.staff.id, "totp-removed", actor);
  });
}

const badCode = () =>
  new HttpError(400, "That code is not valid", {
    code: "invalid_code",
    issues: [{ path: ["code"], message: "That code is not valid", code: "invalid_code" }],
  });

const auditEntry = (actor: Actor, action: "totp.enable" | "totp.disable" | "recovery-code.replace") => ({
  action,
  ...actorEntry(actor),
  targetId: actor.staff.id,
});

/** Whether the person has TOTP in force. */
export async function hasTotp(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM staff_totp WHERE user_id = $1 AND confirmed", [userId]);
  return rows.length > 0;
}

/**
 * Checks a second-step code for `userId`: a TOTP code (not one used before) or an unused recovery code, which is
 * then spent. Returns which it was, or undefined for neither. Run inside the transaction that completes the step.
 */
export async function useSecondFactor(
  tx: Queryable,
  userId: string,
  code: string,
): Promise<"totp" | "recovery code" | undefined> {
  const [row] = await tx.query<{ secret: string; lastStep: string | number }>(
    'SELECT secret, last_step AS "lastStep" FROM staff_totp WHERE user_id = $1 AND confirmed FOR UPDATE',
    [userId],
  );
  if (!row) return undefined;
  if (/^\s*\d{6}\s*$/.test(code)) {
    const secret = unseal(row.secret, totpContext(userId));
    const step = acceptedStep(secret, code, Number(row.lastStep));
    if (step === undefined) return undefined;
    // A secret stored in clear before encryption at rest is sealed at its first use.
    const stored = isSealed(row.secret) ? row.secret : seal(secret, totpContext(userId));
    await tx.query("UPDATE staff_totp SET last_step = $2, secret = $3 WHERE user_id = $1", [userId, step, stored]);
    return "totp";
  }
  const spent = await tx.query(
    `UPDATE staff_recovery_codes SET used_at = now()
     WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`,
    [userId, hashRecoveryCode(code)],
  );
  return spent.length ? "recovery code" : undefined;
}
