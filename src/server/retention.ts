import { RETENTION_DAYS } from "./config";
import type { Queryable } from "./db";

/** What one retention run removed. */
export interface RetentionResult {
  auditRows: number;
  contactAddresses: number;
  knownAddresses: number;
}

/**
 * Deletes what is older than `days`: audit rows, the client address stored with a contact message (the
 * message itself stays, it is the company's correspondence), and the addresses staff signed in from.
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
  return { auditRows: audit.length, contactAddresses: contacts.length, knownAddresses: known.length };
}
