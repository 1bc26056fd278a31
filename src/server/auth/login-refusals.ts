/**
 * Refused sign-in attempts, counted: one row per day, kind and address holds how many there were and the
 * first usernames tried, so an attack of a million guesses writes a handful of rows, not a million.
 */
import type { Queryable } from "~/server/db";

/** How many distinct usernames one row keeps; past that, attempts are counted and the names not. */
export const REFUSAL_USERNAMES_KEPT = 20;

/** Counts one refused attempt (a wrong credential, or one turned away by the throttle). */
export async function countRefusal(
  db: Queryable,
  action: "login.failure" | "login.throttled",
  username: string,
  ip: string | null,
): Promise<void> {
  await db.query(
    `INSERT INTO login_refusals AS r (day, action, ip, usernames) VALUES (current_date, $1, $2, ARRAY[$3::text])
     ON CONFLICT (day, action, ip) DO UPDATE SET attempts = r.attempts + 1, last_at = now(),
       usernames = CASE WHEN $3 = ANY (r.usernames) OR cardinality(r.usernames) >= $4 THEN r.usernames
                        ELSE r.usernames || $3::text END`,
    [action, ip ?? "", username, REFUSAL_USERNAMES_KEPT],
  );
}
