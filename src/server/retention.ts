import { RETENTION_DAYS } from "./config";
import type { Queryable } from "./db";

/** Rows one retention or purge statement touches: a backlog goes in many short statements, never one long one. */
export const CLEANUP_BATCH = 1_000;

/** What one clean-up kind did: how many rows, or why it failed (the others ran regardless). */
export type CleanupOutcome = number | `failed: ${string}`;

/**
 * Runs each kind of clean-up on its own: one that fails is logged and reported without stopping the others,
 * and runs again next time.
 */
export async function eachOnItsOwn<K extends string>(
  kinds: Record<K, () => Promise<number>>,
): Promise<Record<K, CleanupOutcome>> {
  const results = {} as Record<K, CleanupOutcome>;
  for (const kind of Object.keys(kinds) as K[]) {
    try {
      results[kind] = await kinds[kind]();
    } catch (error) {
      console.error(`clean-up ${kind} failed`, error);
      results[kind] = `failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return results;
}

/**
 * Runs `statement` (which touches at most CLEANUP_BATCH rows and returns one row per row touched) until a
 * batch comes back short; returns the total.
 */
export async function inBatches(db: Queryable, statement: string, params: unknown[]): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await db.query(statement, params);
    total += rows.length;
    if (rows.length < CLEANUP_BATCH) return total;
  }
}

/** What one retention run removed, kind by kind. */
export interface RetentionResult {
  auditRows: CleanupOutcome;
  contactAddresses: CleanupOutcome;
  knownAddresses: CleanupOutcome;
  /** Sessions that ended or expired (with the address and device they were opened from). */
  endedSessions: CleanupOutcome;
  /** Invitation links used or expired; WebAuthn challenges and second steps past their few minutes. */
  closedInvitations: CleanupOutcome;
  staleChallenges: CleanupOutcome;
}

/**
 * Deletes what is older than `days`: audit rows, the client address stored with a contact message (the
 * message itself stays, it is the company's correspondence), the addresses staff signed in from, sessions
 * that ended (they hold an address and a device) and spent invitation links; and expired challenges. Each
 * kind in batches and on its own. Throttle keys need no rule here: the hourly prune-rate-limits drops them
 * once idle.
 */
export async function pruneExpired(db: Queryable, days: number = RETENTION_DAYS): Promise<RetentionResult> {
  const cutoff = "now() - make_interval(days => $1)";
  const batch = (select: string) => `${select} LIMIT ${CLEANUP_BATCH}`;
  /** Deletes the rows of `table` (keyed by id) that `where` selects, a batch at a time. */
  const deleteWhere = (table: string, where: string, params: unknown[] = [days]) =>
    inBatches(
      db,
      `DELETE FROM ${table} WHERE id IN (${batch(`SELECT id FROM ${table} WHERE ${where}`)}) RETURNING 1`,
      params,
    );
  return eachOnItsOwn({
    auditRows: () => deleteWhere("audit_log", `created_at < ${cutoff}`),
    contactAddresses: () =>
      inBatches(
        db,
        `UPDATE contact_messages SET client_ip = NULL WHERE id IN (${batch(
          `SELECT id FROM contact_messages WHERE client_ip IS NOT NULL AND created_at < ${cutoff}`,
        )}) RETURNING 1`,
        [days],
      ),
    knownAddresses: () =>
      inBatches(
        db,
        `DELETE FROM login_known_addresses WHERE (user_id, address) IN (${batch(
          `SELECT user_id, address FROM login_known_addresses WHERE last_success_at < ${cutoff}`,
        )}) RETURNING 1`,
        [days],
      ),
    endedSessions: () =>
      deleteWhere("staff_sessions", `coalesce(ended_at, expires_at) < ${cutoff} OR last_used_at < ${cutoff}`),
    closedInvitations: () => deleteWhere("staff_invitations", `coalesce(used_at, expires_at) < ${cutoff}`),
    staleChallenges: () => deleteWhere("auth_challenges", "expires_at < now()", []),
  });
}
