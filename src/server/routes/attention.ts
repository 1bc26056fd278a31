import { Hono } from "hono";
import { attentionFor, markBidSeen } from "~/server/attention/attention";
import { idParam, type AppEnv } from "~/server/http";

/** "Needs you now": the signed-in person's list, and the mark that they opened a bid. */
export const attentionRoutes = new Hono<AppEnv>()
  .get("/api/portal/attention", async (c) => {
    const { id, role } = c.var.staff;
    return c.json(await attentionFor(await c.var.db(), { id, admin: role === "admin" }));
  })
  .post("/api/portal/bids/:id/seen", async (c) => {
    await markBidSeen(await c.var.db(), c.var.staff.id, idParam(c, "Bid"));
    return c.json({ ok: true });
  });
