/**
 * Staff accounts as the command line, the dev seed and tests make and change them (create, reset, disable), and
 * the addresses a person signed in from, which sign-in records.
 */
import type { Queryable } from "~/server/db";
import { hashPassword } from "../password";
import { endSessions } from "./sessions";

/**
 * Records that `userId` signed in from `address` (migration 003), and forgets the user's addresses
 * unused for `knownForSeconds`, so the table only holds what `findLoginCandidate` may still count.
 */
export async function rememberLoginAddress(
  db: Queryable,
  userId: string,
  address: string,
  knownForSeconds: number,
): Promise<void> {
  await db.query(
    `WITH stale AS (DELETE FROM login_known_addresses WHERE user_id = $1 AND address <> $2
       AND last_success_at <= now() - make_interval(secs => $3))
     INSERT INTO login_known_addresses (user_id, address) VALUES ($1, $2)
     ON CONFLICT (user_id, address) DO UPDATE SET last_success_at = now()`,
    [userId, address, knownForSeconds],
  );
}

/**
 * Creates a staff user with a password (the command line, the dev seed, tests); the username must already be
 * validated and lower-cased. The first account of a database is an admin, so a new deployment has one.
 */
export async function createUser(db: Queryable, username: string, password: string): Promise<string> {
  const hash = await hashPassword(password);
  const rows = await db.query<{ id: string }>(
    `INSERT INTO staff_users (username, password_hash, role)
     VALUES ($1, $2, CASE WHEN EXISTS (SELECT 1 FROM staff_users) THEN 'staff' ELSE 'admin' END) RETURNING id`,
    [username, hash],
  );
  return rows[0]!.id;
}

/**
 * Sets a new password, re-enables the account, clears its failure count and ends its sessions (the command
 * line's reset). Returns false for unknown users.
 */
export async function resetPassword(db: Queryable, username: string, password: string): Promise<boolean> {
  const hash = await hashPassword(password);
  const rows = await db.query<{ id: string }>(
    `UPDATE staff_users SET password_hash = $2, disabled_at = NULL, failed_logins = 0, password_stopped_at = NULL
     WHERE username = $1 RETURNING id`,
    [username, hash],
  );
  if (rows[0]) await endSessions(db, rows[0].id);
  return rows.length > 0;
}

/** Disables an account and ends its sessions. Returns false for unknown users. */
export async function disableUser(db: Queryable, username: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    "UPDATE staff_users SET disabled_at = coalesce(disabled_at, now()) WHERE username = $1 RETURNING id",
    [username],
  );
  if (rows[0]) await endSessions(db, rows[0].id);
  return rows.length > 0;
}
