import { Hono } from "hono";
import { EXPORT_PATH, TEMPLATE_RESTORE_PATH } from "~/lib/api-routes";
import { templateRestoreSchema } from "~/schemas/proposal-template";
import { actorOf, adminOnly, confirmedOnly, staffOnly } from "~/server/auth/staff";
import { audit } from "~/server/audit";
import { exportEverything, restoreTemplate } from "~/server/export";
import { auditFor } from "~/server/templates";
import { json, jsonBody, type AppEnv } from "~/server/http";

/**
 * The company's data out (one ZIP, after a recent confirmation: it holds everything) and a proposal template
 * back in from it: administrators only.
 */
export const exportRoutes = new Hono<AppEnv>()
  .get(EXPORT_PATH, staffOnly, adminOnly, confirmedOnly, async (c) => {
    const now = new Date();
    const db = await c.var.db();
    const zip = await exportEverything(db, c.var.staff.username, now);
    // Logged once the ZIP is built: an export that failed took nothing out.
    await audit(db, { action: "company.export", ...auditFor(actorOf(c)) });
    return new Response(new Uint8Array(zip), {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="anchor-line-export-${now.toISOString().slice(0, 10)}.zip"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  })
  .post(TEMPLATE_RESTORE_PATH, staffOnly, adminOnly, jsonBody(templateRestoreSchema), async (c) => {
    const { id, ...input } = c.req.valid("json").template;
    const outcome = await restoreTemplate(await c.var.db(), id, input, actorOf(c));
    return json({ id, outcome }, outcome === "created" ? 201 : 200);
  });
