/**
 * The authenticator app (TOTP) on the account screen: setting it up with a first code, new recovery codes, and
 * removing it. Each change writes its activity-log entry and queues its security e-mail in one transaction.
 */
import { Secret } from "otpauth";
import { actorEntry, audit } from "~/server/activity/audit";
import { TOTP_PARAMS } from "~/server/config";
import type { Db, Queryable } from "~/server/db";
import { HttpError } from "~/server/http";
import { queueSecurityNotice } from "~/server/notifications/security";
import { seal, unseal } from "../keys";
import type { Actor } from "../middleware";
import { acceptedStep, storeRecoveryCodes, totpContext, totpFor } from "../totp";
import { releaseEnrolment } from "./sessions";

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
