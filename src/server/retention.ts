import { RETENTION_DAYS } from "./config";
import type { Queryable } from "./db";

/** What one retention run removed. */
export interface RetentionResult {
  auditRows: number;
  contactAddresses: number;
  knownAddresses: number;
  /** Sessions that ended or expired (with the address and device they were opened from). */
  endedSessions: number;
  /** Invitation links used or expired; WebAuthn challenges and second steps past their few minutes. */
  closedInvitations: number;
  staleChallenges: number;
}

/**
 * Deletes what is older than `days`: audit rows, the client address stored with a contact message (the
 * message itself stays, it is the company's correspondence), the addresses staff signed in from, sessions
 * that ended (they hold an address and a device) and spent invitation links; and expired challenges.
 * Throttle keys need no rule here: the hourly prune-rate-limits drops them once idle.
 */
export async function pruneExpired(db: Queryable, days: number = RETENTION_DAYS): Promise<RetentionResult> {
  const cutoff = "now() - make_interval(days => $1)";
  const audit = await db.query(`DELETE FROM audit_log WHERE created_at < ${cutoff} RETURNING 1`, [days]);
  const contacts = await db.query(
    `UPDATE contact_messages SET client_ip = NULL WHERE client_ip IS NOT NULL AND created_at < ${cutoff} RETURNING 1`,
    [days],
  );
  const known = await db.query(`DELETE FROM login_known_addresses WHERE last_success_at < ${cutoff} RETURNING 1`, [
    days,
  ]);
  const sessions = await db.query(
    `DELETE FROM staff_sessions WHERE coalesce(ended_at, expires_at) < ${cutoff}
       OR last_used_at < ${cutoff} RETURNING 1`,
    [days],
  );
  const invitations = await db.query(
    `DELETE FROM staff_invitations WHERE coalesce(used_at, expires_at) < ${cutoff} RETURNING 1`,
    [days],
  );
  const challenges = await db.query("DELETE FROM auth_challenges WHERE expires_at < now() RETURNING 1");
  return {
    auditRows: audit.length,
    contactAddresses: contacts.length,
    knownAddresses: known.length,
    endedSessions: sessions.length,
    closedInvitations: invitations.length,
    staleChallenges: challenges.length,
  };
}
