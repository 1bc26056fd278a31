import { Hono } from "hono";
import {
  INVITATION_ACCEPT_PATH,
  INVITATION_PATH,
  SETTINGS_PATH,
  STAFF_ITEM_PATH,
  STAFF_PATH,
  STAFF_RESET_PATH,
} from "~/lib/api-routes-staff";
import {
  acceptInvitationSchema,
  invitationTokenSchema,
  newStaffSchema,
  staffChangeSchema,
} from "~/schemas/staff-accounts";
import { portalSettingsSchema } from "~/schemas/company-settings";
import { actorOf, adminOnly, confirmedOnly, staffOnly } from "~/server/auth/middleware";
import { clientIp, idParam, json, jsonBody, type AppEnv } from "~/server/http";
import { acceptInvitation, invitationInfo } from "~/server/invitations";
import { readSettings, writeSettings } from "~/server/company-settings";
import { changeStaff, inviteStaff, listStaff, resetStaff } from "~/server/staff-accounts";

/**
 * The staff screen's API (admins only) and the public side of its one-time links. Changing another person's
 * role, reset or disable, and the company's sign-in settings, need a recent confirmation (sudo mode).
 */
export const staffRoutes = new Hono<AppEnv>()
  .get(STAFF_PATH, staffOnly, adminOnly, async (c) => json(await listStaff(await c.var.db())))
  .post(STAFF_PATH, staffOnly, adminOnly, jsonBody(newStaffSchema), async (c) =>
    json(await inviteStaff(await c.var.db(), c.req.valid("json"), actorOf(c)), 201),
  )
  .patch(STAFF_ITEM_PATH, staffOnly, adminOnly, confirmedOnly, jsonBody(staffChangeSchema), async (c) =>
    json(await changeStaff(await c.var.db(), idParam(c, "Staff member"), c.req.valid("json"), actorOf(c))),
  )
  .post(STAFF_RESET_PATH, staffOnly, adminOnly, confirmedOnly, async (c) =>
    json(await resetStaff(await c.var.db(), idParam(c, "Staff member"), actorOf(c))),
  )
  .get(SETTINGS_PATH, staffOnly, adminOnly, async (c) => json(await readSettings(await c.var.db())))
  .put(SETTINGS_PATH, staffOnly, adminOnly, confirmedOnly, jsonBody(portalSettingsSchema), async (c) =>
    json(await writeSettings(await c.var.db(), c.req.valid("json"), actorOf(c))),
  )
  // The link's secret is the credential: a POST body, so it stays out of URLs and logs.
  .post(INVITATION_PATH, jsonBody(invitationTokenSchema), async (c) => {
    const { username, displayName } = await invitationInfo(await c.var.db(), c.req.valid("json").token);
    return json({ username, displayName });
  })
  .post(INVITATION_ACCEPT_PATH, jsonBody(acceptInvitationSchema), async (c) => {
    const client = { ip: clientIp(c), userAgent: c.req.header("user-agent") ?? null };
    return json(await acceptInvitation(await c.var.db(), c.req.valid("json"), client));
  });
