import { Hono } from "hono";
import { contract, okAnswer, passkeyOptionsAnswer } from "~/server/contract";
import { loginAnswerSchema } from "~/schemas/sign-in";
import { portalSessionSchema } from "~/schemas/sessions";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { passkeyLoginSchema } from "~/schemas/passkeys";
import { relyingPartyOf } from "./passkey-ceremony";
import { passkeyLoginOptions, passkeySignIn } from "./commands/passkeys";
import { loginSchema, secondFactorSchema } from "~/schemas/sign-in";
import { actorEntry, audit } from "~/server/activity/audit";
import { passwordSignIn, secondFactorSignIn } from "./commands/password-sign-in";
import { endSession } from "./commands/sessions";
import { actorOf } from "./middleware";
import { clientIp, clientOf, jsonBody, securityNoticesSoon, type AppEnv } from "~/server/http";
import { portalSession } from "./queries/sessions";

/**
 * Sign-in (public): a password, its second factor, or a passkey. The security notices a sign-in may queue (a new
 * device, a stop after wrong passwords) leave right after its response, whatever the answer.
 */
export const signInRoutes = new Hono<AppEnv>()
  .post(
    "/api/portal/login",
    contract({
      does: "signs in with a password: a token, or the ticket for the second factor",
      answer: loginAnswerSchema,
      refusals: ["invalid_credentials", "rate_limited"],
    }),
    jsonBody(loginSchema),
    async (c) => {
      securityNoticesSoon(c);
      return c.json(await passwordSignIn(await c.var.db(), c.req.valid("json"), clientOf(c)));
    },
  )
  .post(
    "/api/portal/login/second-factor",
    contract({
      does: "the second factor after the password: a code or a recovery code",
      answer: loginAnswerSchema,
      refusals: ["invalid_code", "sign_in_expired", "rate_limited"],
    }),
    jsonBody(secondFactorSchema),
    async (c) => {
      securityNoticesSoon(c);
      return c.json(await secondFactorSignIn(await c.var.db(), c.req.valid("json"), clientOf(c)));
    },
  )
  .post(
    "/api/portal/login/passkey/options",
    contract({ does: "a passkey challenge and its ticket", answer: passkeyOptionsAnswer, refusals: ["rate_limited"] }),
    async (c) => c.json(await passkeyLoginOptions(await c.var.db(), relyingPartyOf(c.req.url), clientIp(c))),
  )
  .post(
    "/api/portal/login/passkey",
    contract({
      does: "signs in with a passkey",
      answer: loginAnswerSchema,
      refusals: ["passkey_not_recognised", "rate_limited"],
    }),
    jsonBody(passkeyLoginSchema),
    async (c) => {
      const { ticket, response, rememberMe } = c.req.valid("json");
      const input = { ticket, rememberMe, response: response as unknown as AuthenticationResponseJSON };
      securityNoticesSoon(c);
      return c.json(await passkeySignIn(await c.var.db(), input, clientOf(c), relyingPartyOf(c.req.url)));
    },
  );

/** The signed-in session (staff): who it is, and signing out. */
export const sessionRoutes = new Hono<AppEnv>()
  // Ends the caller's own session only: their other browsers stay signed in (the account screen ends those).
  .post(
    "/api/portal/logout",
    contract({ does: "ends the caller's own session at once", answer: okAnswer }),
    async (c) => {
      const actor = actorOf(c);
      await (
        await c.var.db()
      ).transaction(async (tx) => {
        await endSession(tx, actor.staff.id, actor.staff.sessionId);
        await audit(tx, { action: "logout", ...actorEntry(actor) });
      });
      return c.json({ ok: true });
    },
  )
  .get(
    "/api/portal/session",
    contract({ does: "who is signed in, with the top bar's counts", answer: portalSessionSchema }),
    async (c) => c.json(await portalSession(await c.var.db(), c.var.staff)),
  );
