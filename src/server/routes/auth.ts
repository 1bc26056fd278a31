import { Hono } from "hono";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { LOGIN_PATH, LOGOUT_PATH, SESSION_PATH } from "~/lib/api-routes";
import { LOGIN_SECOND_FACTOR_PATH, PASSKEY_LOGIN_OPTIONS_PATH, PASSKEY_LOGIN_PATH } from "~/lib/api-routes-staff";
import { passkeyLoginSchema } from "~/schemas/passkeys";
import { passkeyLoginOptions, passkeySignIn, relyingPartyOf } from "~/server/auth/passkeys";
import { loginSchema, secondFactorSchema } from "~/schemas/sign-in";
import { audit } from "~/server/audit";
import { passwordSignIn, secondFactorSignIn } from "~/server/auth/password-sign-in";
import { endSession } from "~/server/auth/sessions";
import { actorOf, staffOnly } from "~/server/auth/middleware";
import { clientIp, json, jsonBody, type AppEnv } from "~/server/http";
import { portalSession } from "~/server/portal-session";

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
  .post(PASSKEY_LOGIN_OPTIONS_PATH, async (c) =>
    json(await passkeyLoginOptions(await c.var.db(), relyingPartyOf(c.req.url), clientIp(c))),
  )
  .post(PASSKEY_LOGIN_PATH, jsonBody(passkeyLoginSchema), async (c) => {
    const client = { ip: clientIp(c), userAgent: c.req.header("user-agent") ?? null };
    const { ticket, response, rememberMe } = c.req.valid("json");
    const input = { ticket, rememberMe, response: response as unknown as AuthenticationResponseJSON };
    return json(await passkeySignIn(await c.var.db(), input, client, relyingPartyOf(c.req.url)));
  })
  // Ends the caller's own session only: their other browsers stay signed in (the account screen ends those).
  .post(LOGOUT_PATH, staffOnly, async (c) => {
    const { staff, ip, userAgent } = actorOf(c);
    await (
      await c.var.db()
    ).transaction(async (tx) => {
      await endSession(tx, staff.id, staff.sessionId);
      await audit(tx, { action: "logout", userId: staff.id, username: staff.username, ip, userAgent });
    });
    return json({ ok: true });
  })
  .get(SESSION_PATH, staffOnly, async (c) => json(await portalSession(await c.var.db(), c.var.staff)));
