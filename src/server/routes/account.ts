import { Hono } from "hono";
import {
  ACCOUNT_CONFIRM_PASSKEY_OPTIONS_PATH,
  ACCOUNT_CONFIRM_PATH,
  ACCOUNT_OTHER_SESSIONS_PATH,
  ACCOUNT_PASSWORD_PATH,
  ACCOUNT_PATH,
  ACCOUNT_SESSION_ITEM_PATH,
  ACCOUNT_SESSIONS_PATH,
  ACCOUNT_TOTP_CONFIRM_PATH,
  ACCOUNT_TOTP_PATH,
  ACCOUNT_PASSKEY_ITEM_PATH,
  ACCOUNT_PASSKEY_OPTIONS_PATH,
  ACCOUNT_PASSKEYS_PATH,
} from "~/lib/api-routes-staff";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { confirmCaller, passkeyConfirmOptions } from "~/server/auth/confirm";
import { CONFIRMATION_SECONDS } from "~/server/config";
import { passkeyRegistrationOptions, registerPasskey, relyingPartyOf, removePasskey } from "~/server/auth/passkeys";
import { accountChangeSchema, confirmSchema, passwordChangeSchema } from "~/schemas/own-account";
import { passkeyRegistrationSchema } from "~/schemas/passkeys";
import { totpConfirmSchema } from "~/schemas/authenticator";
import { beginTotp, confirmTotp, removeTotp } from "~/server/auth/totp";
import { changePassword, readAccount, renameAccount, signOutOthers, signOutSession } from "~/server/account";
import { listSessions } from "~/server/auth/sessions";
import { actorOf, confirmedOnly, staffOnly } from "~/server/auth/middleware";
import { HttpError, json, idParam, jsonBody, type AppEnv } from "~/server/http";

/**
 * The signed-in person's own account: name, password, sessions and ways to sign in. Changing how one signs in
 * needs a recent confirmation (sudo mode), so a stolen session token alone cannot take the account over.
 */
export const accountRoutes = new Hono<AppEnv>()
  .get(ACCOUNT_PATH, staffOnly, async (c) => json(await readAccount(await c.var.db(), c.var.staff.id)))
  .patch(ACCOUNT_PATH, staffOnly, jsonBody(accountChangeSchema), async (c) =>
    json(await renameAccount(await c.var.db(), c.req.valid("json").displayName, actorOf(c))),
  )
  // Sudo mode: the password (and code) or a passkey again; sensitive changes below need it (`confirmedOnly`).
  .post(ACCOUNT_CONFIRM_PATH, staffOnly, jsonBody(confirmSchema), async (c) => {
    await confirmCaller(await c.var.db(), c.req.valid("json"), actorOf(c), relyingPartyOf(c.req.url));
    return json({ confirmedForSeconds: CONFIRMATION_SECONDS });
  })
  .post(ACCOUNT_CONFIRM_PASSKEY_OPTIONS_PATH, staffOnly, async (c) =>
    json(await passkeyConfirmOptions(await c.var.db(), actorOf(c), relyingPartyOf(c.req.url))),
  )
  .post(ACCOUNT_PASSWORD_PATH, staffOnly, confirmedOnly, jsonBody(passwordChangeSchema), async (c) => {
    await changePassword(await c.var.db(), c.req.valid("json"), actorOf(c));
    return json({ ok: true });
  })
  .get(ACCOUNT_SESSIONS_PATH, staffOnly, async (c) =>
    json(await listSessions(await c.var.db(), c.var.staff.id, c.var.staff.sessionId)),
  )
  // Registered before the :id route, so "others" is never read as an id.
  .delete(ACCOUNT_OTHER_SESSIONS_PATH, staffOnly, async (c) =>
    json({ ended: await signOutOthers(await c.var.db(), actorOf(c)) }),
  )
  .delete(ACCOUNT_SESSION_ITEM_PATH, staffOnly, async (c) => {
    const id = idParam(c, "Session");
    await signOutSession(await c.var.db(), id, actorOf(c));
    return json({ id });
  })
  // TOTP: a new secret to scan, then a code from the app puts it in force and answers the recovery codes once.
  .post(ACCOUNT_TOTP_PATH, staffOnly, confirmedOnly, async (c) =>
    json(await beginTotp(await c.var.db(), actorOf(c)), 201),
  )
  .post(ACCOUNT_TOTP_CONFIRM_PATH, staffOnly, confirmedOnly, jsonBody(totpConfirmSchema), async (c) =>
    json({ recoveryCodes: await confirmTotp(await c.var.db(), c.req.valid("json").code, actorOf(c)) }),
  )
  .delete(ACCOUNT_TOTP_PATH, staffOnly, confirmedOnly, async (c) => {
    await removeTotp(await c.var.db(), actorOf(c));
    return json({ ok: true });
  })
  .post(ACCOUNT_PASSKEY_OPTIONS_PATH, staffOnly, confirmedOnly, async (c) =>
    json(await passkeyRegistrationOptions(await c.var.db(), actorOf(c), relyingPartyOf(c.req.url))),
  )
  .post(ACCOUNT_PASSKEYS_PATH, staffOnly, confirmedOnly, jsonBody(passkeyRegistrationSchema), async (c) => {
    const { ticket, response, name } = c.req.valid("json");
    const input = { ticket, name, response: response as unknown as RegistrationResponseJSON };
    return json(await registerPasskey(await c.var.db(), input, actorOf(c), relyingPartyOf(c.req.url)), 201);
  })
  // A credential id is base64url, not a UUID.
  .delete(ACCOUNT_PASSKEY_ITEM_PATH, staffOnly, confirmedOnly, async (c) => {
    const id = c.req.param("id") ?? "";
    if (!/^[\w-]{1,1024}$/.test(id)) throw new HttpError(404, "Passkey not found");
    await removePasskey(await c.var.db(), id, actorOf(c));
    return json({ id });
  });
