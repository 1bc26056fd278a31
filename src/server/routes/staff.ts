import { Hono } from "hono";
import {
  acceptInvitationSchema,
  invitationTokenSchema,
  newStaffSchema,
  staffChangeSchema,
} from "~/schemas/staff-accounts";
import { portalSettingsSchema } from "~/schemas/company-settings";
import { actorOf, confirmedOnly } from "~/server/auth/middleware";
import { clientOf, idParam, jsonBody, type AppEnv } from "~/server/http";
import { acceptInvitation, invitationInfo } from "~/server/invitations";
import { readSettings, writeSettings } from "~/server/company-settings";
import { changeStaff, inviteStaff, listStaff, resetStaff } from "~/server/staff-accounts";

/**
 * The staff screen's API (admins only). Changing another person's role, reset or disable, and the company's
 * sign-in settings, need a recent confirmation (sudo mode).
 */
export const staffRoutes = new Hono<AppEnv>()
  .get("/api/portal/staff", async (c) => c.json(await listStaff(await c.var.db())))
  .post("/api/portal/staff", jsonBody(newStaffSchema), async (c) =>
    c.json(await inviteStaff(await c.var.db(), c.req.valid("json"), actorOf(c)), 201),
  )
  .patch("/api/portal/staff/:id", confirmedOnly, jsonBody(staffChangeSchema), async (c) =>
    c.json(await changeStaff(await c.var.db(), idParam(c, "Staff member"), c.req.valid("json"), actorOf(c))),
  )
  .post("/api/portal/staff/:id/reset", confirmedOnly, async (c) =>
    c.json(await resetStaff(await c.var.db(), idParam(c, "Staff member"), actorOf(c))),
  )
  .get("/api/portal/settings", async (c) => c.json(await readSettings(await c.var.db())))
  .put("/api/portal/settings", confirmedOnly, jsonBody(portalSettingsSchema), async (c) =>
    c.json(await writeSettings(await c.var.db(), c.req.valid("json"), actorOf(c))),
  );

/** The public side of the staff screen's one-time links (the link's secret is the credential). */
export const invitationRoutes = new Hono<AppEnv>()
  // A POST body, so the secret stays out of URLs and logs.
  .post("/api/portal/invitation", jsonBody(invitationTokenSchema), async (c) => {
    const { username, displayName } = await invitationInfo(await c.var.db(), c.req.valid("json").token);
    return c.json({ username, displayName });
  })
  .post("/api/portal/invitation/accept", jsonBody(acceptInvitationSchema), async (c) =>
    c.json(await acceptInvitation(await c.var.db(), c.req.valid("json"), clientOf(c))),
  );
