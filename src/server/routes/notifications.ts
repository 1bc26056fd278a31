import { Hono } from "hono";
import { CONTACT_NOTIFICATION_RETRY_PATH, NOTIFICATION_PREFERENCES_PATH } from "~/lib/api-routes";
import { notificationPreferencesSchema } from "~/schemas/notification-preferences";
import { requireConfirmed, staffOnly } from "~/server/auth/staff";
import { HttpError, idParam, json, jsonBody, type AppEnv } from "~/server/http";
import { retryFailed } from "~/server/notifications/outbox";
import { readPreferences, savePreferences } from "~/server/notifications/preferences";

/** Notification e-mails: each staff member's own settings, and the inbox's Retry of a failed one. */
export const notificationRoutes = new Hono<AppEnv>()
  .get(NOTIFICATION_PREFERENCES_PATH, staffOnly, async (c) =>
    json(await readPreferences(await c.var.db(), c.var.staff.id)),
  )
  // A new address needs a recent confirmation (sudo mode): a stolen session must not redirect the e-mails.
  .put(NOTIFICATION_PREFERENCES_PATH, staffOnly, jsonBody(notificationPreferencesSchema), async (c) => {
    const db = await c.var.db();
    const preferences = c.req.valid("json");
    if ((await readPreferences(db, c.var.staff.id)).email !== preferences.email) requireConfirmed(c.var.staff);
    return json(await savePreferences(db, c.var.staff.id, preferences));
  })
  // A new day of attempts, the first right after the response; 404 when the message has no failed e-mail.
  .post(CONTACT_NOTIFICATION_RETRY_PATH, staffOnly, async (c) => {
    const id = idParam(c, "Failed notification");
    const queued = await retryFailed(await c.var.db(), id);
    if (queued === 0) throw new HttpError(404, "This message has no failed notification to retry");
    c.var.afterResponse(async (db) => (await import("~/server/notifications/deliver")).deliverConfigured(db, id));
    return json({ queued });
  });
