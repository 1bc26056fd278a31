/**
 * Which people have a second factor, for "require a second factor": an authenticator app in force, or a
 * passkey whose authenticator verified the person (a passkey that only proves someone touched it is one factor).
 */
import type { Queryable } from "~/server/db";
import { sql, type Sql } from "~/server/db/sql";

/** SQL that is true when the account whose id is `userId` (a column, or a value) has a second factor. */
const hasSecondFactorSql = (userId: Sql) =>
  sql`(EXISTS (SELECT 1 FROM staff_totp t WHERE t.user_id = ${userId} AND t.confirmed)
    OR EXISTS (SELECT 1 FROM staff_passkeys p WHERE p.user_id = ${userId} AND p.user_verified))`;

/** Whether `userId` has a second factor. */
export async function hasSecondFactor(db: Queryable, userId: string): Promise<boolean> {
  const statement = sql`SELECT ${hasSecondFactorSql(sql`${userId}::uuid`)} AS has`;
  const [row] = await db.query<{ has: boolean }>(statement.text, statement.values);
  return row?.has === true;
}

/**
 * Makes every live session of a person without a second factor enrol-only, at once: the rule holds for
 * sessions opened before it was switched on, not only for later sign-ins. Returns how many were marked.
 */
export async function restrictSessionsWithoutFactor(db: Queryable): Promise<number> {
  const statement = sql`UPDATE staff_sessions s SET must_enrol = true
     WHERE s.ended_at IS NULL AND s.expires_at > now() AND NOT s.must_enrol AND NOT ${hasSecondFactorSql(sql`s.user_id`)}
     RETURNING 1`;
  const rows = await db.query(statement.text, statement.values);
  return rows.length;
}
