import { Hono } from "hono";
import { LOGIN_PATH, LOGOUT_PATH, SESSION_PATH } from "~/lib/api-routes";
import { loginSchema } from "~/schemas/auth";
import { audit } from "~/server/audit";
import { completeSignIn, verifyLogin } from "~/server/auth/login";
import { endSessions } from "~/server/auth/sessions";
import { actorOf, staffOnly } from "~/server/auth/staff";
import { clientIp, json, jsonBody, type AppEnv } from "~/server/http";
import { portalSession } from "~/server/session";

/** Sign-in, sign-out and the signed-in session. */
export const authRoutes = new Hono<AppEnv>()
  .post(LOGIN_PATH, jsonBody(loginSchema), async (c) => {
    const client = { ip: clientIp(c), userAgent: c.req.header("user-agent") ?? null };
    const input = c.req.valid("json");
    const db = await c.var.db();
    const user = await verifyLogin(db, input, client);
    return json(await completeSignIn(db, user, { method: "password", remember: input.rememberMe }, client));
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
