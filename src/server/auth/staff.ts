import { decodeJwt } from "jose";
import type { RevisedTable } from "../db";
import { HttpError, type RequestScope } from "../http";
import { verifyToken } from "./tokens";
import { findUserById } from "./users";

/** The signed-in staff member making a request. */
export interface Staff {
  id: string;
  username: string;
}

/** Who made a change, for the audit log. */
export interface Actor {
  staff: Staff;
  ip: string | null;
  userAgent: string | null;
}

/** The request's staff member with the client details the audit log records. */
export function actorOf(scope: RequestScope, staff: Staff): Actor {
  return { staff, ip: scope.ip, userAgent: scope.userAgent };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const unauthorized = (message: string) =>
  new HttpError(401, message, { headers: { "WWW-Authenticate": 'Bearer realm="portal"' } });

/**
 * The staff member behind the request's bearer token, or a 401. A token only counts while
 * its user exists, is enabled and still has the token version the token was issued with.
 */
export async function requireStaff(scope: RequestScope): Promise<Staff> {
  return (await authenticate(scope, null)).staff;
}

/**
 * `requireStaff`, plus the current revision of `table` read by the same query, for handlers
 * that serve a cached read: one round trip for both.
 */
export async function requireStaffAndRevision(
  scope: RequestScope,
  table: RevisedTable,
): Promise<{ staff: Staff; revision: string | null }> {
  const { staff, revision } = await authenticate(scope, table);
  return { staff, revision };
}

/**
 * `requireStaff`, plus when the request's token expires (its `exp`, seconds since the epoch), for the
 * portal's session display. Read only after the token verified, so the claim is the signed one.
 */
export async function requireStaffSession(scope: RequestScope): Promise<{ staff: Staff; exp: number }> {
  const { staff, token } = await authenticate(scope, null);
  return { staff, exp: decodeJwt(token).exp! };
}

async function authenticate(
  scope: RequestScope,
  revisionOf: RevisedTable | null,
): Promise<{ staff: Staff; revision: string | null; token: string }> {
  const header = scope.req.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized("Sign in required");
  const claims = await verifyToken(match[1]!);
  if (!claims || !UUID.test(claims.userId)) throw unauthorized("Invalid or expired token");
  const user = await findUserById(await scope.db(), claims.userId, revisionOf);
  if (!user || user.disabled || user.tokenVersion !== claims.version) throw unauthorized("Invalid or expired token");
  return { staff: { id: user.id, username: user.username }, revision: user.revision, token: match[1]! };
}
