import { Hono, type Context } from "hono";
import { z } from "~/schemas/zod";
import { contract } from "~/server/contract";
import {
  leadDetailSchema,
  leadListQuerySchema,
  leadNoteInputSchema,
  leadOwnerSchema,
  leadPageSchema,
  leadPatchSchema,
  leadReplyInputSchema,
  leadReportCsvQuerySchema,
  leadReportQuerySchema,
  leadReportSchema,
} from "~/schemas/leads";
import { actorOf } from "~/server/auth/middleware";
import { env } from "~/server/env";
import { idParam, jsonBody, mailAfterResponse, queryOf, type AppEnv } from "~/server/http";
import { addNote, addReply, patchLead } from "./commands/changes";
import { leadDetail, leadOwners, listLeads } from "./queries/leads";
import { csvFileName, leadReport, reportCsv } from "./queries/reports";
import { messageIdHost } from "~/server/notifications/outbox";

/** Sends a lead's queued e-mails right after the response; the every-minute job sends what this does not. */
function mailSoon(c: Context<AppEnv>, leadId: string): void {
  mailAfterResponse(c, { contactId: leadId });
}

/** The Leads screen: every staff member follows, assigns and answers leads. */
export const leadRoutes = new Hono<AppEnv>()
  // Overdue first, then newest; `status`, `owner`, `limit` and `cursor` filter and page them.
  .get(
    "/api/portal/leads",
    contract({
      does: "`LeadPage`: `{ items: LeadListItem[], next }`, overdue first then newest",
      answer: leadPageSchema,
    }),
    queryOf(leadListQuerySchema),
    async (c) => c.json(await listLeads(await c.var.db(), c.req.valid("query"), c.var.staff.id)),
  )
  .get(
    "/api/portal/leads/owners",
    contract({
      does: "`LeadOwner[]`: active staff (`id`, `displayName`), for the owner menu and filter",
      answer: z.array(leadOwnerSchema),
    }),
    async (c) => c.json(await leadOwners(await c.var.db())),
  )
  .get(
    "/api/portal/leads/:id",
    contract({
      does: "`LeadDetail`: the item, the message, source, notes, thread and linked proposals",
      answer: leadDetailSchema,
      refusals: ["not_found"],
    }),
    async (c) => c.json(await leadDetail(await c.var.db(), idParam(c, "Lead"))),
  )
  .patch(
    "/api/portal/leads/:id",
    contract({
      does: "`LeadDetail`; body `LeadPatch`: `status`, `lostReason`, `ownerId`, `followUpOn`",
      answer: leadDetailSchema,
      refusals: ["not_found"],
    }),
    jsonBody(leadPatchSchema),
    async (c) => {
      const db = await c.var.db();
      const id = idParam(c, "Lead");
      await patchLead(db, id, c.req.valid("json"), actorOf(c));
      return c.json(await leadDetail(db, id));
    },
  )
  .post(
    "/api/portal/leads/:id/notes",
    contract({
      does: "201 `LeadDetail`; body `{ body }`",
      answer: leadDetailSchema,
      status: 201,
      refusals: ["not_found"],
    }),
    jsonBody(leadNoteInputSchema),
    async (c) => {
      const db = await c.var.db();
      const id = idParam(c, "Lead");
      await addNote(db, id, c.req.valid("json").body, actorOf(c));
      return c.json(await leadDetail(db, id), 201);
    },
  )
  .post(
    "/api/portal/leads/:id/replies",
    contract({
      does: "201 `LeadDetail`; body `{ body }`; 409 `reply_address_missing` without a confirmed address",
      answer: leadDetailSchema,
      status: 201,
      refusals: ["not_found", "reply_address_missing"],
    }),
    jsonBody(leadReplyInputSchema),
    async (c) => {
      const db = await c.var.db();
      const id = idParam(c, "Lead");
      await addReply(db, id, c.req.valid("json").body, actorOf(c), messageIdHost(env().SITE_URL));
      mailSoon(c, id);
      return c.json(await leadDetail(db, id), 201);
    },
  );

/** The Reports screen (admins): the figures, and each table as CSV. */
export const leadReportRoutes = new Hono<AppEnv>()
  .get(
    "/api/portal/reports/leads",
    contract({
      does: "`LeadReport`: `weekly`, `funnel`, `replies`; query `from`, `to` (company days)",
      answer: leadReportSchema,
    }),
    queryOf(leadReportQuerySchema),
    async (c) => c.json(await leadReport(await c.var.db(), c.req.valid("query"))),
  )
  .get(
    "/api/portal/reports/leads.csv",
    contract({
      does: "`text/csv` of one table (`table` = `weekly`, `funnel` or `replies`), same `from`/`to`",
      answer: "csv",
    }),
    queryOf(leadReportCsvQuerySchema),
    async (c) => {
      const { table, ...days } = c.req.valid("query");
      const report = await leadReport(await c.var.db(), days);
      return c.body(reportCsv(report, table), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${csvFileName(report, table)}"`,
      });
    },
  );
