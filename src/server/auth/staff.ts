import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { clientIp, HttpError, type AppEnv } from "~/server/http";
import { verifyToken } from "./tokens";
import { findUserById } from "./users";

/** The signed-in staff member making a request. */
export interface Staff {
  id: string;
  username: string;
  /** When the request's token expires, in seconds since the epoch. */
  tokenExpires: number;
}

/** Who made a change, for the audit log. */
export interface Actor {
  staff: Staff;
  ip: string | null;
  userAgent: string | null;
}

/** The request's staff member with the client details the audit log records. */
export function actorOf(c: Context<AppEnv>): Actor {
  return { staff: c.var.staff, ip: clientIp(c), userAgent: c.req.header("user-agent") ?? null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const unauthorized = (message: string) =>
  new HttpError(401, message, { headers: { "WWW-Authenticate": 'Bearer realm="portal"' } });

/**
 * Staff routes: the caller's bearer token must verify and name a user who exists, is enabled and still has
 * the token version the token was issued with (logout, reset and disable bump it); otherwise 401.
 */
export const staffOnly = createMiddleware<AppEnv>(async (c, next) => {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
  if (!match) throw unauthorized("Sign in required");
  const claims = await verifyToken(match[1]!);
  if (!claims || !UUID.test(claims.userId)) throw unauthorized("Invalid or expired token");
  const user = await findUserById(await c.var.db(), claims.userId);
  if (!user || user.disabled || user.tokenVersion !== claims.version) throw unauthorized("Invalid or expired token");
  c.set("staff", { id: user.id, username: user.username, tokenExpires: claims.expires });
  await next();
});
