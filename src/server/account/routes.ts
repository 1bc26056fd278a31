import { Hono } from "hono";
import { contract, idAnswer, okAnswer, passkeyOptionsAnswer, recoveryCodesAnswer } from "~/server/contract";
import { z } from "~/schemas/zod";
import { accountSchema, accountChangeSchema, confirmSchema, passwordChangeSchema } from "~/schemas/own-account";
import { sessionInfoSchema } from "~/schemas/sessions";
import { totpSetupSchema, totpConfirmSchema } from "~/schemas/authenticator";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { confirmCaller, passkeyConfirmOptions } from "~/server/auth/commands/confirm";
import { CONFIRMATION_SECONDS } from "~/server/config";
import { relyingPartyOf } from "~/server/auth/passkey-ceremony";
import { passkeyRegistrationOptions, registerPasskey, removePasskey } from "~/server/auth/commands/passkeys";
import { passkeyRegistrationSchema } from "~/schemas/passkeys";
import { beginTotp, confirmTotp, removeTotp, replaceRecoveryCodes } from "~/server/auth/commands/authenticator-app";
import { changePassword, renameAccount, signOutOthers, signOutSession } from "./commands";
import { readAccount } from "./queries";
import { listSessions } from "~/server/auth/queries/sessions";
import { actorOf, confirmedOnly } from "~/server/auth/middleware";
import { HttpError, idParam, jsonBody, securityNoticesSoon, type AppEnv } from "~/server/http";

/**
 * The signed-in person's own account: name, confirming who they are, and setting up ways to sign in; a session
 * that must still set up a second factor may call these (app.ts's set-up group). Changing how one signs in
 * needs a recent confirmation (sudo mode), so a stolen session token alone cannot take the account over; each
 * change's security notice leaves right after the response.
 */
export const accountSetUpRoutes = new Hono<AppEnv>()
  .get(
    "/api/portal/account",
    contract({ does: "the own account: name, role, second factors, passkeys", answer: accountSchema }),
    async (c) => c.json(await readAccount(await c.var.db(), c.var.staff.id)),
  )
  .patch(
    "/api/portal/account",
    contract({ does: "renames the own account", answer: accountSchema }),
    jsonBody(accountChangeSchema),
    async (c) => c.json(await renameAccount(await c.var.db(), c.req.valid("json").displayName, actorOf(c))),
  )
  // Sudo mode: the password (and code) or a passkey again; sensitive changes below need it (`confirmedOnly`).
  .post(
    "/api/portal/account/confirm",
    contract({
      does: "confirms who the caller is (sudo mode) with the password and code",
      answer: z.object({ confirmedForSeconds: z.number() }),
      refusals: ["wrong_password", "invalid_code", "rate_limited"],
    }),
    jsonBody(confirmSchema),
    async (c) => {
      await confirmCaller(await c.var.db(), c.req.valid("json"), actorOf(c), relyingPartyOf(c.req.url));
      return c.json({ confirmedForSeconds: CONFIRMATION_SECONDS });
    },
  )
  .post(
    "/api/portal/account/confirm/passkey/options",
    contract({ does: "a passkey challenge to confirm who the caller is", answer: passkeyOptionsAnswer }),
    async (c) => c.json(await passkeyConfirmOptions(await c.var.db(), actorOf(c), relyingPartyOf(c.req.url))),
  )
  // TOTP: a new secret to scan, then a code from the app puts it in force and answers the recovery codes once.
  .post(
    "/api/portal/account/totp",
    contract({
      does: "a new authenticator secret to scan",
      answer: totpSetupSchema,
      status: 201,
      refusals: ["confirmation_required"],
    }),
    confirmedOnly,
    async (c) => c.json(await beginTotp(await c.var.db(), actorOf(c)), 201),
  )
  .post(
    "/api/portal/account/totp/confirm",
    contract({
      does: "a code from the app puts it in force; the recovery codes, once",
      answer: recoveryCodesAnswer,
      refusals: ["confirmation_required", "invalid_code"],
    }),
    confirmedOnly,
    jsonBody(totpConfirmSchema),
    async (c) => {
      const recoveryCodes = await confirmTotp(await c.var.db(), c.req.valid("json").code, actorOf(c));
      securityNoticesSoon(c, c.var.staff.id);
      return c.json({ recoveryCodes });
    },
  )
  .delete(
    "/api/portal/account/totp",
    contract({ does: "removes the authenticator app", answer: okAnswer, refusals: ["confirmation_required"] }),
    confirmedOnly,
    async (c) => {
      await removeTotp(await c.var.db(), actorOf(c));
      securityNoticesSoon(c, c.var.staff.id);
      return c.json({ ok: true });
    },
  )
  .post(
    "/api/portal/account/passkeys/options",
    contract({
      does: "a challenge to register a passkey",
      answer: passkeyOptionsAnswer,
      refusals: ["confirmation_required"],
    }),
    confirmedOnly,
    async (c) => c.json(await passkeyRegistrationOptions(await c.var.db(), actorOf(c), relyingPartyOf(c.req.url))),
  )
  .post(
    "/api/portal/account/passkeys",
    contract({
      does: "registers a passkey",
      answer: z.object({ id: z.string(), name: z.string() }),
      status: 201,
      refusals: ["confirmation_required", "passkey_not_recognised"],
    }),
    confirmedOnly,
    jsonBody(passkeyRegistrationSchema),
    async (c) => {
      const { ticket, response, name } = c.req.valid("json");
      const input = { ticket, name, response: response as unknown as RegistrationResponseJSON };
      const registered = await registerPasskey(await c.var.db(), input, actorOf(c), relyingPartyOf(c.req.url));
      securityNoticesSoon(c, c.var.staff.id);
      return c.json(registered, 201);
    },
  );

/** The rest of the own account: the password, new recovery codes, the signed-in sessions, and removing a passkey. */
export const accountRoutes = new Hono<AppEnv>()
  // New recovery codes, shown once; the old ones stop working. Not during a second factor's set-up: a session
  // that must still set one up has no authenticator app whose codes to replace.
  .post(
    "/api/portal/account/recovery-codes",
    contract({
      does: "new recovery codes, shown once; the old ones stop working",
      answer: recoveryCodesAnswer,
      refusals: ["confirmation_required"],
    }),
    confirmedOnly,
    async (c) => {
      const recoveryCodes = await replaceRecoveryCodes(await c.var.db(), actorOf(c));
      securityNoticesSoon(c, c.var.staff.id);
      return c.json({ recoveryCodes });
    },
  )
  .post(
    "/api/portal/account/password",
    contract({
      does: "changes the own password",
      answer: okAnswer,
      refusals: ["confirmation_required", "wrong_password", "weak_password"],
    }),
    confirmedOnly,
    jsonBody(passwordChangeSchema),
    async (c) => {
      await changePassword(await c.var.db(), c.req.valid("json"), actorOf(c));
      securityNoticesSoon(c, c.var.staff.id);
      return c.json({ ok: true });
    },
  )
  .get(
    "/api/portal/account/sessions",
    contract({ does: "the own signed-in sessions", answer: z.array(sessionInfoSchema) }),
    async (c) => c.json(await listSessions(await c.var.db(), c.var.staff.id, c.var.staff.sessionId)),
  )
  // Registered before the :id route, so "others" is never read as an id.
  .delete(
    "/api/portal/account/sessions/others",
    contract({ does: "ends every other session of the caller", answer: z.object({ ended: z.number() }) }),
    async (c) => c.json({ ended: await signOutOthers(await c.var.db(), actorOf(c)) }),
  )
  .delete(
    "/api/portal/account/sessions/:id",
    contract({ does: "ends one of the caller's sessions", answer: idAnswer }),
    async (c) => {
      const id = idParam(c, "Session");
      await signOutSession(await c.var.db(), id, actorOf(c));
      return c.json({ id });
    },
  )
  // A credential id is base64url, not a UUID.
  .delete(
    "/api/portal/account/passkeys/:id",
    contract({ does: "removes one of the caller's passkeys", answer: idAnswer, refusals: ["confirmation_required"] }),
    confirmedOnly,
    async (c) => {
      const id = c.req.param("id") ?? "";
      if (!/^[\w-]{1,1024}$/.test(id)) throw new HttpError(404, "Passkey not found");
      await removePasskey(await c.var.db(), id, actorOf(c));
      securityNoticesSoon(c, c.var.staff.id);
      return c.json({ id });
    },
  );
