/**
 * The TOTP second factor's mechanics: its codes (each accepted once) and recovery codes (each used once, stored
 * hashed). Setting the authenticator app up and removing it are `commands/authenticator-app.ts`'s.
 */
import { createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { company } from "~/config/company";
import { RECOVERY_CODE_COUNT, TOTP_PARAMS } from "~/server/config";
import type { Queryable } from "~/server/db";
import { isSealed, seal, unseal } from "./keys";

/** A person's TOTP generator under `secret`, labelled for their authenticator app. */
export const totpFor = (secret: string, label: string) =>
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
export const totpContext = (userId: string) => `staff_totp:${userId}`;

/**
 * The time step `code` is valid for under `secret`, or undefined; a step at or before `lastStep` (a code already
 * used) does not count.
 */
export function acceptedStep(secret: string, code: string, lastStep: number): number | undefined {
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

/** Replaces the person's recovery codes with ten new ones, stored hashed; returns them as shown. */
export async function storeRecoveryCodes(tx: Queryable, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.query("DELETE FROM staff_recovery_codes WHERE user_id = $1", [userId]);
  await tx.query("INSERT INTO staff_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])", [
    userId,
    codes.map(hashRecoveryCode),
  ]);
  return codes;
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
