import { Hono } from "hono";
import { NOTIFICATION_PREFERENCES_PATH } from "~/lib/api-routes";
import { notificationPreferencesSchema } from "~/schemas/notification-preferences";
import { staffOnly } from "~/server/auth/staff";
import { json, jsonBody, type AppEnv } from "~/server/http";
import { readPreferences, savePreferences } from "~/server/notifications/preferences";

/** Notification e-mails: each staff member's own settings. */
export const notificationRoutes = new Hono<AppEnv>()
  .get(NOTIFICATION_PREFERENCES_PATH, staffOnly, async (c) =>
    json(await readPreferences(await c.var.db(), c.var.staff.id)),
  )
  .put(NOTIFICATION_PREFERENCES_PATH, staffOnly, jsonBody(notificationPreferencesSchema), async (c) =>
    json(await savePreferences(await c.var.db(), c.var.staff.id, c.req.valid("json"))),
  );
