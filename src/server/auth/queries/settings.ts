/**
 * The company's sign-in settings ("require a second factor"), which every sign-in reads, and which people have a
 * second factor: an authenticator app in force, or a passkey whose authenticator verified the person (a passkey
 * that only proves someone touched it is one factor). Reads only.
 */
import type { PortalSettings } from "~/schemas/company-settings";
import type { Queryable } from "~/server/db";
import { sql, type Sql } from "~/server/db/sql";

/** The company's sign-in settings. */
export async function readSettings(db: Queryable): Promise<PortalSettings> {
  const [row] = await db.query<PortalSettings>(
    'SELECT require_second_factor AS "requireSecondFactor" FROM portal_settings',
  );
  return row ?? { requireSecondFactor: false };
}

/** SQL that is true when the account whose id is `userId` (a column, or a value) has a second factor. */
export const hasSecondFactorSql = (userId: Sql) =>
  sql`(EXISTS (SELECT 1 FROM staff_totp t WHERE t.user_id = ${userId} AND t.confirmed)
    OR EXISTS (SELECT 1 FROM staff_passkeys p WHERE p.user_id = ${userId} AND p.user_verified))`;

/** Whether `userId` has a second factor. */
export async function hasSecondFactor(db: Queryable, userId: string): Promise<boolean> {
  const statement = sql`SELECT ${hasSecondFactorSql(sql`${userId}::uuid`)} AS has`;
  const [row] = await db.query<{ has: boolean }>(statement.text, statement.values);
  return row?.has === true;
}

/** Whether the person has TOTP in force. */
export async function hasTotp(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM staff_totp WHERE user_id = $1 AND confirmed", [userId]);
  return rows.length > 0;
}
