import { Hono } from "hono";
import { ACTIVITY_CSV_PATH, ACTIVITY_PATH } from "~/lib/api-routes-staff";
import { activityQuerySchema } from "~/schemas/activity";
import { activityCsv, activityPage } from "~/server/activity";
import { adminOnly, staffOnly } from "~/server/auth/middleware";
import { json, queryOf, type AppEnv } from "~/server/http";

/** The activity log (admins only). */
export const activityRoutes = new Hono<AppEnv>()
  .get(ACTIVITY_PATH, staffOnly, adminOnly, queryOf(activityQuerySchema), async (c) =>
    json(await activityPage(await c.var.db(), c.req.valid("query"))),
  )
  .get(ACTIVITY_CSV_PATH, staffOnly, adminOnly, queryOf(activityQuerySchema), async (c) => {
    const csv = await activityCsv(await c.var.db(), c.req.valid("query"));
    const day = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="activity-${day}.csv"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
