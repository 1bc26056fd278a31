/**
 * The API's authorization middleware and the request's caller: `staffOnly` (a live session's bearer token),
 * `adminOnly`, `confirmedOnly` (sudo mode), and the actor the activity log records.
 */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { decodeJwt } from "jose";
import { clientOf, HttpError, type AppEnv } from "~/server/http";
import type { StaffRole } from "~/schemas/staff-accounts";
import { CONFIRMATION_REQUIRED, SECOND_FACTOR_REQUIRED, SECOND_FACTOR_REQUIRED_CODE } from "~/lib/second-factor";
import { PORTAL_TOKEN_HEADER } from "~/lib/portal-token";
import { sessionUser } from "./commands/sessions";
import { issueToken, verifyToken } from "./tokens";

/** The signed-in staff member making a request. */
export interface Staff {
  id: string;
  username: string;
  displayName: string;
  role: StaffRole;
  /** The session the request's token names. */
  sessionId: string;
  /** When the request's token expires, in seconds since the epoch. */
  tokenExpires: number;
  /** The session confirmed its owner within the last `CONFIRMATION_SECONDS` (sudo mode). */
  confirmed: boolean;
}

/** Who made a change, for the audit log. */
export interface Actor {
  staff: Staff;
  ip: string | null;
  userAgent: string | null;
}

/** The request's staff member with the client details the audit log records. */
export function actorOf(c: Context<AppEnv>): Actor {
  return { staff: c.var.staff, ...clientOf(c) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const unauthorized = (message: string) =>
  new HttpError(401, message, { headers: { "WWW-Authenticate": 'Bearer realm="portal"' } });

/**
 * Marks the routes a session that must set up a second factor may still call (the set-up group of app.ts), for
 * `staffOnly` after it: who am I, sign out, confirming who they are (which the set-up needs), and the set-up.
 */
export const openDuringSetUp = createMiddleware<AppEnv>(async (c, next) => {
  c.set("openDuringSetUp", true);
  await next();
});

/**
 * Staff routes: the caller's bearer token must verify and name a live session of an enabled user (logout,
 * sign-out, reset and disable end sessions; 7 days unused ends one too); otherwise 401. When the check moves
 * the session's end, the answer carries a token for the same session expiring with it (`X-Portal-Token`), so
 * a token never runs out before its session does.
 */
export const staffOnly = createMiddleware<AppEnv>(async (c, next) => {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
  if (!match) throw unauthorized("Sign in required");
  const claims = await verifyToken(match[1]!);
  if (!claims || !UUID.test(claims.userId) || !UUID.test(claims.sessionId))
    throw unauthorized("Invalid or expired token");
  const user = await sessionUser(await c.var.db(), claims.sessionId, claims.userId);
  if (!user) throw unauthorized("Invalid or expired token");
  const { mustEnrol, remember, extended, ...staff } = user;
  const renewed = extended ? await issueToken(claims.userId, claims.sessionId, remember) : undefined;
  const headers = renewed ? { [PORTAL_TOKEN_HEADER]: renewed } : undefined;
  if (mustEnrol && !c.var.openDuringSetUp)
    throw new HttpError(403, SECOND_FACTOR_REQUIRED, { headers, code: SECOND_FACTOR_REQUIRED_CODE });
  const tokenExpires = renewed ? decodeJwt(renewed).exp! : claims.expires;
  c.set("staff", { ...staff, sessionId: claims.sessionId, tokenExpires });
  await next();
  // Set after the route answered (or failed), on whichever response it made.
  if (renewed) c.header(PORTAL_TOKEN_HEADER, renewed);
});

/** Admin routes, after `staffOnly`: a signed-in staff member without the admin role gets 403. */
export const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.staff.role !== "admin") throw new HttpError(403, "Only an admin can do this");
  await next();
});

/**
 * Sensitive changes, after `staffOnly` (sudo mode): the session must have confirmed its owner within the last
 * `CONFIRMATION_SECONDS` (POST /api/portal/account/confirm), or the answer is 403 with the code
 * `confirmation_required`. A sign-in alone does not count: a stolen token cannot change how its owner signs in.
 */
export const confirmedOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireConfirmed(c.var.staff);
  await next();
});

/** `confirmedOnly` for a route that needs it only for some changes (a new notification address). */
export function requireConfirmed(staff: Staff): void {
  if (!staff.confirmed)
    throw new HttpError(403, "Confirm it is you first: enter your password again", { code: CONFIRMATION_REQUIRED });
}
