/**
 * Staff sessions as sign-in and the account screen change them: opened, checked and kept alive on each use,
 * confirmed (sudo mode), released from enrol-only, ended.
 */
import type { StaffRole } from "~/schemas/staff-accounts";
import { CONFIRMATION_SECONDS, STAFF_SESSIONS } from "~/server/config";
import type { Queryable } from "~/server/db";
import { TOKEN_TTL_SECONDS } from "~/schemas/limits";
import { issueToken, sessionLifetime } from "../tokens";

/** How a session began, for the session list and the activity log. */
export type SessionMethod = "password" | "passkey" | "invitation";

/** Where a session was opened from. */
export interface SessionOrigin {
  remember: boolean;
  method: SessionMethod;
  ip: string | null;
  userAgent: string | null;
  /** The company requires a second factor and this sign-in had none: only setting one up is allowed. */
  mustEnrol?: boolean;
}

/** The account behind a live session. */
export interface SessionUser {
  id: string;
  username: string;
  displayName: string;
  role: StaffRole;
  mustEnrol: boolean;
  /** "Stay signed in": the session lasts `TOKEN_TTL_SECONDS.rememberMe` from its last use, not `.session`. */
  remember: boolean;
  /** This check moved the session's end (at most once a minute): the caller's token is to follow it. */
  extended: boolean;
  /** Its owner confirmed who they are in this session within `CONFIRMATION_SECONDS` (sudo mode). */
  confirmed: boolean;
}

/** Opens a session row for `userId` and returns the token that names it. */
export async function startSession(db: Queryable, userId: string, origin: SessionOrigin): Promise<string> {
  const ttl = sessionLifetime(origin.remember);
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO staff_sessions (user_id, remember, method, ip, user_agent, expires_at, must_enrol)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6), $7) RETURNING id`,
    [
      userId,
      origin.remember,
      origin.method,
      origin.ip,
      origin.userAgent?.slice(0, 512) ?? null,
      ttl,
      origin.mustEnrol ?? false,
    ],
  );
  return issueToken(userId, row!.id, origin.remember);
}

/**
 * The enabled account of a session that has not ended, expired, gone unused for `idleSeconds` or passed
 * `absoluteSeconds` since its sign-in. A use moves its last use to now and its end to now plus its lifetime
 * (12 h, or 30 days with "stay signed in"), never past the absolute end, at most once every `touchSeconds`;
 * `extended` says this check did. One statement, so a check costs one round trip.
 */
export async function sessionUser(db: Queryable, sessionId: string, userId: string): Promise<SessionUser | undefined> {
  const [row] = await db.query<SessionUser>(
    `WITH live AS (
       SELECT u.id, u.username, u.display_name AS "displayName", u.role, s.must_enrol AS "mustEnrol", s.remember,
         coalesce(s.confirmed_at > now() - make_interval(secs => $8), false) AS confirmed
       FROM staff_sessions s JOIN staff_users u ON u.id = s.user_id
       WHERE s.id = $1 AND s.user_id = $2 AND s.ended_at IS NULL AND s.expires_at > now()
         AND s.last_used_at > now() - make_interval(secs => $3) AND u.disabled_at IS NULL
         AND s.created_at > now() - make_interval(secs => $7)
     ), touched AS (
       UPDATE staff_sessions
       SET last_used_at = now(),
           expires_at = least(now() + make_interval(secs => CASE WHEN remember THEN $5::int ELSE $6::int END),
                              created_at + make_interval(secs => $7))
       WHERE id = $1 AND EXISTS (SELECT 1 FROM live) AND last_used_at < now() - make_interval(secs => $4)
       RETURNING 1
     )
     SELECT live.*, EXISTS (SELECT 1 FROM touched) AS extended FROM live`,
    [
      sessionId,
      userId,
      STAFF_SESSIONS.idleSeconds,
      STAFF_SESSIONS.touchSeconds,
      TOKEN_TTL_SECONDS.rememberMe,
      TOKEN_TTL_SECONDS.session,
      STAFF_SESSIONS.absoluteSeconds,
      CONFIRMATION_SECONDS,
    ],
  );
  return row;
}

/** Marks one session confirmed now (sudo mode, for `CONFIRMATION_SECONDS`). */
export async function confirmSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query("UPDATE staff_sessions SET confirmed_at = now() WHERE id = $1", [sessionId]);
}

/**
 * Lifts the enrol-only mark of the one session that just set up a second factor. Other sessions of the person
 * keep theirs: whoever holds one signed in without the factor, and must prove it by signing in again.
 */
export async function releaseEnrolment(db: Queryable, sessionId: string): Promise<void> {
  await db.query("UPDATE staff_sessions SET must_enrol = false WHERE id = $1", [sessionId]);
}

/** Ends every live session of `userId` except `keep`; returns how many ended. */
export async function endSessions(db: Queryable, userId: string, keep: string | null = null): Promise<number> {
  const rows = await db.query(
    `UPDATE staff_sessions SET ended_at = now()
     WHERE user_id = $1 AND ended_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid) RETURNING 1`,
    [userId, keep],
  );
  return rows.length;
}

/** Ends one session of `userId`; false when it is not theirs or already ended. */
export async function endSession(db: Queryable, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db.query(
    "UPDATE staff_sessions SET ended_at = now() WHERE id = $1 AND user_id = $2 AND ended_at IS NULL RETURNING 1",
    [sessionId, userId],
  );
  return rows.length > 0;
}
