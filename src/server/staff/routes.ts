import { Hono } from "hono";
import { z } from "~/schemas/zod";
import { contract } from "~/server/contract";
import { loginAnswerSchema } from "~/schemas/sign-in";
import {
  acceptInvitationSchema,
  invitationSchema,
  invitationTokenSchema,
  newStaffSchema,
  staffAccountSchema,
  staffChangeSchema,
} from "~/schemas/staff-accounts";
import { portalSettingsSchema } from "~/schemas/company-settings";
import { actorOf, confirmedOnly } from "~/server/auth/middleware";
import { clientOf, idParam, jsonBody, type AppEnv } from "~/server/http";
import { acceptInvitation, changeStaff, inviteStaff, resetStaff } from "./commands";
import { invitationInfo, listStaff } from "./queries";
import { writeSettings } from "~/server/auth/commands/settings";
import { readSettings } from "~/server/auth/queries/settings";

/**
 * The staff screen's API (admins only). Changing another person's role, reset or disable, and the company's
 * sign-in settings, need a recent confirmation (sudo mode).
 */
export const staffRoutes = new Hono<AppEnv>()
  .get("/api/portal/staff", contract({ does: "every staff account", answer: z.array(staffAccountSchema) }), async (c) =>
    c.json(await listStaff(await c.var.db())),
  )
  .post(
    "/api/portal/staff",
    contract({
      does: "invites a person: the invitation link, shown once",
      answer: invitationSchema,
      status: 201,
      refusals: ["already_exists"],
    }),
    jsonBody(newStaffSchema),
    async (c) => c.json(await inviteStaff(await c.var.db(), c.req.valid("json"), actorOf(c)), 201),
  )
  .patch(
    "/api/portal/staff/:id",
    contract({
      does: "changes a person's role, or disables or enables them",
      answer: staffAccountSchema,
      refusals: ["confirmation_required", "not_found", "conflict"],
    }),
    confirmedOnly,
    jsonBody(staffChangeSchema),
    async (c) =>
      c.json(await changeStaff(await c.var.db(), idParam(c, "Staff member"), c.req.valid("json"), actorOf(c))),
  )
  .post(
    "/api/portal/staff/:id/reset",
    contract({
      does: "a new invitation link for a person, whose sign-ins stop",
      answer: invitationSchema,
      refusals: ["confirmation_required", "not_found"],
    }),
    confirmedOnly,
    async (c) => c.json(await resetStaff(await c.var.db(), idParam(c, "Staff member"), actorOf(c))),
  )
  .get(
    "/api/portal/settings",
    contract({ does: "the company's sign-in settings", answer: portalSettingsSchema }),
    async (c) => c.json(await readSettings(await c.var.db())),
  )
  .put(
    "/api/portal/settings",
    contract({
      does: "changes the company's sign-in settings",
      answer: portalSettingsSchema,
      refusals: ["confirmation_required"],
    }),
    confirmedOnly,
    jsonBody(portalSettingsSchema),
    async (c) => c.json(await writeSettings(await c.var.db(), c.req.valid("json"), actorOf(c))),
  );

/** The public side of the staff screen's one-time links (the link's secret is the credential). */
export const invitationRoutes = new Hono<AppEnv>()
  // A POST body, so the secret stays out of URLs and logs.
  .post(
    "/api/portal/invitation",
    contract({
      does: "who an invitation link is for",
      answer: z.object({ username: z.string(), displayName: z.string() }),
      refusals: ["not_found", "gone"],
    }),
    jsonBody(invitationTokenSchema),
    async (c) => {
      const { username, displayName } = await invitationInfo(await c.var.db(), c.req.valid("json").token);
      return c.json({ username, displayName });
    },
  )
  .post(
    "/api/portal/invitation/accept",
    contract({
      does: "sets the password of an invited person and signs them in",
      answer: loginAnswerSchema,
      refusals: ["not_found", "gone", "weak_password"],
    }),
    jsonBody(acceptInvitationSchema),
    async (c) => c.json(await acceptInvitation(await c.var.db(), c.req.valid("json"), clientOf(c))),
  );
