/**
 * The signed-in person's own account as they read it. Reads only.
 */
import type { Queryable } from "~/server/db";
import { HttpError } from "~/server/http";
import type { Account } from "~/schemas/own-account";
import { readSettings } from "~/server/auth/queries/settings";

/** The caller's account as the account screen shows it. */
export async function readAccount(db: Queryable, userId: string): Promise<Account> {
  const [row] = await db.query<Omit<Account, "passkeys" | "requireSecondFactor">>(
    `SELECT u.id, u.username, u.display_name AS "displayName", u.role,
       EXISTS (SELECT 1 FROM staff_totp t WHERE t.user_id = u.id AND t.confirmed) AS totp,
       (SELECT count(*)::int FROM staff_recovery_codes r WHERE r.user_id = u.id AND r.used_at IS NULL) AS "recoveryCodesLeft"
     FROM staff_users u WHERE u.id = $1`,
    [userId],
  );
  if (!row) throw new HttpError(404, "Account not found");
  const passkeys = await db.query<{ id: string; name: string; createdAt: Date | string }>(
    'SELECT id, name, created_at AS "createdAt" FROM staff_passkeys WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  return {
    ...row,
    passkeys: passkeys.map((p) => ({ ...p, createdAt: new Date(p.createdAt).toISOString() })),
    requireSecondFactor: (await readSettings(db)).requireSecondFactor,
  };
}
