/**
 * Staff accounts as sign-in reads them: by username or id, the account a login names with whether its address is
 * known, and how many accounts there are. Reads only.
 */
import type { Queryable } from "~/server/db";
import type { StaffRole } from "~/schemas/staff-accounts";
import { STOPPED_SQL } from "../failure-stop";

/** A staff account row as the server needs it. */
export interface StaffUser {
  id: string;
  username: string;
  displayName: string;
  role: StaffRole;
  /** Null while invited: no password has been chosen yet (or an admin's reset took it away). */
  passwordHash: string | null;
  disabled: boolean;
  /** Wrong passwords since the last successful sign-in. */
  failedLogins: number;
  /** The failure stop is in force (see ../failure-stop.ts). */
  stopped: boolean;
}

const USER_COLUMNS = `u.id, u.username, u.display_name AS "displayName", u.role, u.password_hash AS "passwordHash",
  u.disabled_at IS NOT NULL AS disabled, u.failed_logins AS "failedLogins", ${STOPPED_SQL} AS stopped`;

/** Looks a user up by (lower-cased) username. */
export async function findUserByUsername(db: Queryable, username: string): Promise<StaffUser | undefined> {
  return (await db.query<StaffUser>(`SELECT ${USER_COLUMNS} FROM staff_users u WHERE u.username = $1`, [username]))[0];
}

/** A login's user (undefined when the username is unknown) and whether it signed in from this address lately. */
export interface LoginCandidate {
  user: StaffUser | undefined;
  knownAddress: boolean;
}

/**
 * The user a login names and whether `address` (an `addressKey`) is known to it: a successful
 * sign-in from there within `knownForSeconds`. One statement that returns one row either way, so an
 * unknown username costs the database what a known one does.
 */
export async function findLoginCandidate(
  db: Queryable,
  username: string,
  address: string | null,
  knownForSeconds: number,
): Promise<LoginCandidate> {
  const [row] = await db.query<Omit<StaffUser, "id"> & { id: string | null; knownAddress: boolean }>(
    `SELECT ${USER_COLUMNS}, EXISTS (SELECT 1 FROM login_known_addresses k WHERE k.user_id = u.id AND k.address = $2
       AND k.last_success_at > now() - make_interval(secs => $3)) AS "knownAddress"
     FROM staff_users u RIGHT JOIN (SELECT $1::text AS name) q ON u.username = q.name`,
    [username, address, knownForSeconds],
  );
  const { knownAddress, ...user } = row!;
  return { user: user.id === null ? undefined : { ...user, id: user.id }, knownAddress };
}

/** Looks a user up by id. */
export async function findUserById(db: Queryable, id: string): Promise<StaffUser | undefined> {
  return (await db.query<StaffUser>(`SELECT ${USER_COLUMNS} FROM staff_users u WHERE u.id = $1`, [id]))[0];
}

/** Number of staff accounts (the dev seed only runs on zero). */
export async function countUsers(db: Queryable): Promise<number> {
  return (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM staff_users"))[0]!.n;
}
