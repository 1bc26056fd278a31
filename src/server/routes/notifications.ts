import { Hono } from "hono";
import { CONTACT_NOTIFICATION_RETRY_PATH, NOTIFICATION_PREFERENCES_PATH } from "~/lib/api-routes";
import { NOTIFICATION_ADDRESS_CONFIRM_PATH } from "~/lib/api-routes-staff";
import { addressConfirmSchema, notificationPreferencesSchema } from "~/schemas/notification-preferences";
import { actorOf, requireConfirmed, staffOnly } from "~/server/auth/middleware";
import { clientIp, HttpError, idParam, json, jsonBody, type AppEnv } from "~/server/http";
import { retryFailed } from "~/server/notifications/outbox";
import { addressChanges, confirmAddress, readPreferences, savePreferences } from "~/server/notifications/preferences";

/** Notification e-mails: each staff member's own settings, and the inbox's Retry of a failed one. */
export const notificationRoutes = new Hono<AppEnv>()
  .get(NOTIFICATION_PREFERENCES_PATH, staffOnly, async (c) =>
    json(await readPreferences(await c.var.db(), c.var.staff.id)),
  )
  // Another address needs a recent confirmation (sudo mode): a stolen session must not redirect the e-mails.
  // Keeping the confirmed address, or the one already waiting for its link, changes where nothing goes.
  .put(NOTIFICATION_PREFERENCES_PATH, staffOnly, jsonBody(notificationPreferencesSchema), async (c) => {
    const db = await c.var.db();
    const preferences = c.req.valid("json");
    if (addressChanges(await readPreferences(db, c.var.staff.id), preferences.email)) requireConfirmed(c.var.staff);
    return json(await savePreferences(db, actorOf(c), preferences));
  })
  .post(NOTIFICATION_ADDRESS_CONFIRM_PATH, jsonBody(addressConfirmSchema), async (c) => {
    const client = { ip: clientIp(c), userAgent: c.req.header("user-agent") ?? null };
    return json(await confirmAddress(await c.var.db(), c.req.valid("json").token, client));
  })
  // A new day of attempts, the first right after the response; 404 when the message has no failed e-mail.
  .post(CONTACT_NOTIFICATION_RETRY_PATH, staffOnly, async (c) => {
    const id = idParam(c, "Failed notification");
    const queued = await retryFailed(await c.var.db(), id);
    if (queued === 0) throw new HttpError(404, "This message has no failed notification to retry");
    c.var.afterResponse(async (db) => (await import("~/server/notifications/deliver")).deliverConfigured(db, id));
    return json({ queued });
  });
