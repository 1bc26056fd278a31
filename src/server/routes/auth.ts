import { Hono } from "hono";
import { LOGIN_PATH, LOGIN_SECOND_FACTOR_PATH, LOGOUT_PATH, SESSION_PATH } from "~/lib/api-routes";
import { loginSchema, secondFactorSchema } from "~/schemas/auth";
import { audit } from "~/server/audit";
import { passwordSignIn, secondFactorSignIn } from "~/server/auth/password-sign-in";
import { endSessions } from "~/server/auth/sessions";
import { actorOf, staffOnly } from "~/server/auth/staff";
import { clientIp, json, jsonBody, type AppEnv } from "~/server/http";
import { portalSession } from "~/server/session";

/** Sign-in, sign-out and the signed-in session. */
export const authRoutes = new Hono<AppEnv>()
  .post(LOGIN_PATH, jsonBody(loginSchema), async (c) => {
    const client = { ip: clientIp(c), userAgent: c.req.header("user-agent") ?? null };
    return json(await passwordSignIn(await c.var.db(), c.req.valid("json"), client));
  })
  .post(LOGIN_SECOND_FACTOR_PATH, jsonBody(secondFactorSchema), async (c) => {
    const client = { ip: clientIp(c), userAgent: c.req.header("user-agent") ?? null };
    return json(await secondFactorSignIn(await c.var.db(), c.req.valid("json"), client));
  })
  // Signs the caller out everywhere: every session of theirs ends at once.
  .post(LOGOUT_PATH, staffOnly, async (c) => {
    const { staff, ip, userAgent } = actorOf(c);
    await (
      await c.var.db()
    ).transaction(async (tx) => {
      await endSessions(tx, staff.id);
      await audit(tx, { action: "logout", userId: staff.id, username: staff.username, ip, userAgent });
    });
    return json({ ok: true });
  })
  .get(SESSION_PATH, staffOnly, async (c) => json(await portalSession(await c.var.db(), c.var.staff)));
