import type { Actor } from "~/server/auth/middleware";
import type { Queryable } from "~/server/db";

/** Audited actions, each with the kind the activity log files it under. */
export const AUDIT_ACTIONS = {
  "login.success": "sign-in",
  "login.failure": "sign-in",
  "login.throttled": "sign-in",
  "login.second-factor": "sign-in",
  logout: "sign-in",
  "session.end": "account",
  "password.change": "account",
  "account.update": "account",
  "notification.address-request": "account",
  "notification.address-confirm": "account",
  "notification.address-remove": "account",
  "invitation.accept": "account",
  "staff.invite": "staff",
  "staff.reset": "staff",
  "staff.disable": "staff",
  "staff.enable": "staff",
  "staff.role": "staff",
  "settings.update": "staff",
  "company.export": "staff",
  "totp.enable": "second-factor",
  "totp.disable": "second-factor",
  "recovery-code.use": "second-factor",
  "recovery-code.replace": "second-factor",
  "passkey.add": "second-factor",
  "passkey.remove": "second-factor",
  "template.create": "template",
  "template.update": "template",
  "template.delete": "template",
  "template.restore": "template",
  "template.version-restore": "template",
  "template.purge": "template",
  "signature-template.create": "template",
  "signature-template.delete": "template",
  "signature-template.unmark": "template",
  "message.handled": "message",
  "message.unhandled": "message",
  "message.delete": "message",
  "message.not-spam": "message",
  "message.release": "message",
  "lead.update": "message",
  "lead.note": "message",
  "lead.reply": "message",
  "bid.send": "bid",
  "bid.reissue": "bid",
  "bid.withdraw": "bid",
  "bid.resend-link": "bid",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** One audit row; pass the transaction so the entry commits or rolls back with the change. */
export interface AuditEntry {
  action: AuditAction;
  userId?: string | null;
  username?: string | null;
  targetId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  /** What changed, in words (a new role, a passkey's name); never a secret. */
  detail?: string | null;
}

/** Who made a change, as its audit entry records it: the person's id and name, their address and device. */
export const actorEntry = ({ staff, ip, userAgent }: Actor) => ({
  userId: staff.id,
  username: staff.username,
  ip,
  userAgent,
});

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
    "INSERT INTO audit_log (action, user_id, username, ip, user_agent, target_id, detail) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    [...auditValues(entry), entry.targetId ?? null, entry.detail ?? null],
  );
}

/**
 * Counts a refused sign-in attempt: one row per name, address and hour whose `count` grows, so an attack of
 * thousands of refused attempts writes a handful of rows, not thousands.
 */
export async function auditRefused(db: Queryable, entry: Omit<AuditEntry, "action" | "targetId">): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (action, user_id, username, ip, user_agent) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (coalesce(username, ''), coalesce(ip, ''), date_trunc('hour', created_at AT TIME ZONE 'UTC')) WHERE action = 'login.throttled'
     DO UPDATE SET count = audit_log.count + 1, user_agent = excluded.user_agent`,
    auditValues({ ...entry, action: "login.throttled" }),
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
