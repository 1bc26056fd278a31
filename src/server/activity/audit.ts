import type { Actor } from "~/server/auth/middleware";
import type { Queryable } from "~/server/db";
import type { ActivityKind } from "~/schemas/activity";

/**
 * The kind the activity log files an action under, by the action's subject: the part before its dot ("bid" in
 * "bid.resend-link"; an action without a dot is its own subject). A new verb on a subject listed here needs no entry;
 * a new subject does, and a misspelt one is a type error where the action is written.
 */
export const AUDIT_SUBJECTS = {
  login: "sign-in",
  logout: "sign-in",
  session: "account",
  password: "account",
  account: "account",
  notification: "account",
  invitation: "account",
  staff: "staff",
  settings: "staff",
  company: "staff",
  totp: "second-factor",
  "recovery-code": "second-factor",
  passkey: "second-factor",
  template: "template",
  "signature-template": "template",
  message: "message",
  lead: "message",
  bid: "bid",
} as const satisfies Record<string, ActivityKind>;
type AuditSubject = keyof typeof AUDIT_SUBJECTS;

/** An audited action: a subject and what was done to it, as "subject.verb" ("bid.withdraw"), or "logout". */
export type AuditAction = `${Exclude<AuditSubject, "logout">}.${string}` | "logout";

/** The subject of a stored action: the part before its first dot, or the whole of it. */
const subjectOf = (action: string): string => action.split(".", 1)[0]!;

/** The kind an action is filed under ("other" for one whose subject is no longer listed). */
export const kindOf = (action: string): ActivityKind | "other" =>
  (AUDIT_SUBJECTS as Record<string, ActivityKind>)[subjectOf(action)] ?? "other";

/** The subjects filed under `kind`. */
export const subjectsOf = (kind: ActivityKind): string[] =>
  Object.entries(AUDIT_SUBJECTS)
    .filter(([, k]) => k === kind)
    .map(([subject]) => subject);

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
