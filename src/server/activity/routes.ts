import { Hono } from "hono";
import { contract } from "~/server/contract";
import { activityPageSchema, activityQuerySchema } from "~/schemas/activity";
import { activityCsv, activityPage } from "./queries";
import { queryOf, type AppEnv } from "~/server/http";

/** The activity log (admins only). */
export const activityRoutes = new Hono<AppEnv>()
  .get(
    "/api/portal/activity",
    contract({ does: "the activity log, newest first, a page at a time", answer: activityPageSchema }),
    queryOf(activityQuerySchema),
    async (c) => c.json(await activityPage(await c.var.db(), c.req.valid("query"))),
  )
  .get(
    "/api/portal/activity.csv",
    contract({ does: "the activity log as CSV", answer: "csv" }),
    queryOf(activityQuerySchema),
    async (c) => {
      const csv = await activityCsv(await c.var.db(), c.req.valid("query"));
      const day = new Date().toISOString().slice(0, 10);
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="activity-${day}.csv"`,
      });
    },
  );
