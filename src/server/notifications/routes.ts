import { Hono, type Context } from "hono";
import { z } from "~/schemas/zod";
import { contract } from "~/server/contract";
import {
  notificationSettingsSchema,
  addressConfirmSchema,
  notificationPreferencesSchema,
} from "~/schemas/notification-preferences";
import { actorOf, requireConfirmed } from "~/server/auth/middleware";
import {
  clientOf,
  HttpError,
  idParam,
  jsonBody,
  mailAfterResponse,
  securityNoticesSoon,
  type AppEnv,
} from "~/server/http";
import { retryFailed } from "./outbox";
import { addressChanges, confirmAddress, savePreferences } from "./commands";
import { readPreferences } from "./queries";

/** Sends what is queued for these addresses right after the response; the every-minute job sends the rest. */
function mailSoonTo(c: Context<AppEnv>, addresses: (string | null | undefined)[]): void {
  for (const recipient of new Set(addresses.filter((a): a is string => Boolean(a))))
    mailAfterResponse(c, { recipient });
}

/** Notification e-mails: each staff member's own settings, and the inbox's Retry of a failed one. */
export const notificationRoutes = new Hono<AppEnv>()
  .get(
    "/api/portal/notification-preferences",
    contract({
      does: "`{email, notify, pendingEmail, pendingUntil}`: `email` the confirmed address (null: none)",
      answer: notificationSettingsSchema,
    }),
    async (c) => c.json(await readPreferences(await c.var.db(), c.var.staff.id)),
  )
  // Another address needs a recent confirmation (sudo mode): a stolen session must not redirect the e-mails.
  // Keeping the confirmed address, or the one already waiting for its link, changes where nothing goes.
  .put(
    "/api/portal/notification-preferences",
    contract({
      does: "the settings; a new address waits in `pendingEmail` for its link; 409 when no recipient is left",
      answer: notificationSettingsSchema,
      refusals: ["confirmation_required", "conflict"],
    }),
    jsonBody(notificationPreferencesSchema),
    async (c) => {
      const db = await c.var.db();
      const preferences = c.req.valid("json");
      const before = await readPreferences(db, c.var.staff.id);
      if (addressChanges(before, preferences.email)) requireConfirmed(c.var.staff);
      const saved = await savePreferences(db, actorOf(c), preferences);
      // The new address's confirmation link (and the old address's notice) leave right after the response.
      mailSoonTo(c, [preferences.email, before.email]);
      return c.json(saved);
    },
  )
  // A new day of attempts, the first right after the response; 404 when the message has no failed e-mail.
  .post(
    "/api/contacts/:id/notification-retry",
    contract({
      does: "`{queued}` (e-mails queued again, sent at once); 404 when nothing failed",
      answer: z.object({ queued: z.number() }),
      refusals: ["not_found"],
    }),
    async (c) => {
      const id = idParam(c, "Failed notification");
      const queued = await retryFailed(await c.var.db(), id);
      if (queued === 0) throw new HttpError(404, "This message has no failed notification to retry");
      mailAfterResponse(c, { contactId: id });
      return c.json({ queued });
    },
  );

/** Public: the link mailed to a new notification address confirms it (its secret is the proof). */
export const notificationAddressRoutes = new Hono<AppEnv>().post(
  "/api/portal/notification-address/confirm",
  contract({
    does: "`{token}` (the link's secret): `{email}`, now the person's address; 400 when unknown, used or past 24 hours",
    answer: z.object({ email: z.string() }),
  }),
  jsonBody(addressConfirmSchema),
  async (c) => {
    const { staffId, email } = await confirmAddress(await c.var.db(), c.req.valid("json").token, clientOf(c));
    // The notice to the old address leaves right after the response.
    securityNoticesSoon(c, staffId);
    return c.json({ email });
  },
);
