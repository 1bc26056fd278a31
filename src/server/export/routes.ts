import { Hono } from "hono";
import { z } from "~/schemas/zod";
import { contract } from "~/server/contract";
import { companyExportSchema } from "~/schemas/company-export";
import { templateRestoreSchema } from "~/schemas/proposal-template";
import { actorOf, confirmedOnly } from "~/server/auth/middleware";
import { actorEntry, audit } from "~/server/activity/audit";
import { exportEverything } from "./queries";
import { restoreTemplate } from "./commands";
import { createExport, readExport, readPart, startBuild } from "./jobs";
import { exportStore } from "./store";
import { HttpError, idParam, jsonBody, type AppEnv } from "~/server/http";

/**
 * The company's data out (one ZIP, after a recent confirmation: it holds everything) and a proposal template
 * back in from it: administrators only. The admin's screen asks for an export (built apart from the request, any
 * size: `exportJobRoutes`), polls it and downloads its parts; the direct download is the same ZIP in one
 * response, for scripts and small companies.
 */
export const exportRoutes = new Hono<AppEnv>()
  .get(
    "/api/portal/export",
    contract({
      does: "the company's data as one ZIP, in one response",
      answer: "zip",
      refusals: ["confirmation_required"],
    }),
    confirmedOnly,
    async (c) => {
      const now = new Date();
      const db = await c.var.db();
      const zip = await exportEverything(db, c.var.staff.username, now);
      // Logged once the ZIP is built: an export that failed took nothing out.
      await audit(db, { action: "company.export", ...actorEntry(actorOf(c)) });
      return new Response(new Uint8Array(zip), {
        headers: {
          "Content-Type": "application/zip",
          "Content-Disposition": `attachment; filename="anchor-line-export-${now.toISOString().slice(0, 10)}.zip"`,
          "Cache-Control": "no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  )
  .post(
    "/api/portal/template-restore",
    contract({
      does: "a proposal template back in from an export (201 when it was created)",
      answer: z.object({ id: z.uuid(), outcome: z.string() }),
    }),
    jsonBody(templateRestoreSchema),
    async (c) => {
      const { id, ...input } = c.req.valid("json").template;
      const outcome = await restoreTemplate(await c.var.db(), id, input, actorOf(c));
      return c.json({ id, outcome }, outcome === "created" ? 201 : 200);
    },
  );

/** Company exports built apart from the request: ask for one (202), its state, and its parts. */
export const exportJobRoutes = new Hono<AppEnv>()
  // Asking for everything the company holds needs a recent confirmation, and is in the activity log.
  .post(
    "/api/portal/exports",
    contract({
      does: "asks for an export, built apart from the request",
      answer: companyExportSchema,
      status: 202,
      refusals: ["confirmation_required"],
    }),
    confirmedOnly,
    async (c) => {
      const { store } = await exportStore();
      const started = await createExport(store, c.var.staff.username);
      await audit(await c.var.db(), { action: "company.export", ...actorEntry(actorOf(c)) });
      const deploy = c.env?.context?.deploy?.context;
      await startBuild(started.id, {
        origin: new URL(c.req.url).origin,
        deployed: deploy !== undefined && deploy !== "dev",
        runHere: (build) => c.var.afterResponse(build),
      });
      return c.json(started, 202);
    },
  )
  .get(
    "/api/portal/exports/:id",
    contract({ does: "an export's state and parts", answer: companyExportSchema, refusals: ["not_found"] }),
    async (c) => {
      const found = await readExport((await exportStore()).store, idParam(c, "Export"));
      if (!found) throw new HttpError(404, "Export not found");
      return c.json(found);
    },
  )
  .get(
    "/api/portal/exports/:id/parts/:part",
    contract({ does: "one part of a ready export's ZIP", answer: "bytes", refusals: ["not_found"] }),
    async (c) => {
      const part = Number(c.req.param("part"));
      const bytes = Number.isSafeInteger(part)
        ? await readPart((await exportStore()).store, idParam(c, "Export"), part)
        : null;
      if (!bytes) throw new HttpError(404, "Export part not found (is the export ready?)");
      return new Response(bytes, {
        headers: {
          "Content-Type": "application/octet-stream",
          "Cache-Control": "no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  );
