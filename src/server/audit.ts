import type { Queryable } from "./db";

/** Audited actions: sign-ins and sign-outs and proposal/signature template writes (refused sign-ins are counted in login_refusals). */
type AuditAction =
  | "login.success"
  | "logout"
  | "template.create"
  | "template.update"
  | "template.delete"
  | "template.restore"
  | "template.version-restore"
  | "template.purge"
  | "signature-template.create"
  | "signature-template.delete";

/** One audit row; pass the transaction so the entry commits or rolls back with the change. */
export interface AuditEntry {
  action: AuditAction;
  userId?: string | null;
  username?: string | null;
  targetId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** An entry's values for audit_log's action, user_id, username, ip and user_agent, in that order. */
function auditValues(entry: Omit<AuditEntry, "targetId">): unknown[] {
  return [
    entry.action,
    entry.userId ?? null,
    entry.username ?? null,
    entry.ip ?? null,
    entry.userAgent?.slice(0, 512) ?? null,
  ];
}

/** Appends an entry to the audit log. */
export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    "INSERT INTO audit_log (action, user_id, username, ip, user_agent, target_id) VALUES ($1, $2, $3, $4, $5, $6)",
    [...auditValues(entry), entry.targetId ?? null],
  );
}

/**
 * `write` (one INSERT, UPDATE or DELETE with `RETURNING id, …`, parameters $1…$n) and, for each row it
 * returns, its audit row, as ONE statement: atomic with no BEGIN/COMMIT round trips, so the lock on the
 * written row is held for the statement alone. Inside a transaction of four round trips, concurrent writes
 * to one template would each wait out the previous one's network and event-loop delays. Returns `write`'s
 * rows; no row, no audit entry.
 */
export async function auditedWrite<T extends { id: string }>(
  db: Queryable,
  write: string,
  params: unknown[],
  entry: Omit<AuditEntry, "targetId">,
): Promise<T[]> {
  const n = params.length;
  return db.query<T>(
    `WITH changed AS (${write}),
     logged AS (
       INSERT INTO audit_log (action, user_id, username, target_id, ip, user_agent)
       SELECT $${n + 1}::text, $${n + 2}::uuid, $${n + 3}::text, changed.id, $${n + 4}::text, $${n + 5}::text FROM changed
     )
     SELECT * FROM changed`,
    [...params, ...auditValues(entry)],
  );
}
