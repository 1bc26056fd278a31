import { Hono } from "hono";
import { attentionSchema } from "~/schemas/attention";
import { attentionFor } from "./queries";
import { markBidSeen } from "./commands";
import { contract, okAnswer } from "~/server/contract";
import { idParam, type AppEnv } from "~/server/http";

/** "Needs you now": the signed-in person's list, and the mark that they opened a bid. */
export const attentionRoutes = new Hono<AppEnv>()
  .get(
    "/api/portal/attention",
    contract({
      does: "Needs you now: what waits for the signed-in person (and, for admins, the company), by kind",
      answer: attentionSchema,
    }),
    async (c) => {
      const { id, role } = c.var.staff;
      return c.json(await attentionFor(await c.var.db(), { id, admin: role === "admin" }));
    },
  )
  .post(
    "/api/portal/bids/:id/seen",
    contract({ does: "marks one bid's updates as seen by the signed-in person", answer: okAnswer }),
    async (c) => {
      await markBidSeen(await c.var.db(), c.var.staff.id, idParam(c, "Bid"));
      return c.json({ ok: true });
    },
  );
