import type { Queryable } from "./db";

/** Audited actions: logins and proposal/signature template writes. */
export type AuditAction =
  | "login.success"
  | "login.failure"
  | "login.throttled"
  | "logout"
  | "template.create"
  | "template.update"
  | "template.delete"
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

/** Appends an entry to the audit log. */
export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    "INSERT INTO audit_log (action, user_id, username, target_id, ip, user_agent) VALUES ($1, $2, $3, $4, $5, $6)",
    [
      entry.action,
      entry.userId ?? null,
      entry.username ?? null,
      entry.targetId ?? null,
      entry.ip ?? null,
      entry.userAgent?.slice(0, 512) ?? null,
    ],
  );
}
