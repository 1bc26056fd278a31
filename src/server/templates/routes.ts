import { Hono, type Context } from "hono";
import { z } from "~/schemas/zod";
import { contract, idAnswer } from "~/server/contract";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  proposalTemplateInputSchema,
  proposalTemplateSchema,
  proposalTemplateSummarySchema,
  templateVersionSchema,
  templateVersionSummarySchema,
  trashedTemplateSchema,
  type TemplateConflict,
} from "~/schemas/proposal-template";
import { actorOf } from "~/server/auth/middleware";
import { HttpError, idParam, ifMatchVersion, jsonBody, versionTag, viewQuery, type AppEnv } from "~/server/http";
import {
  deleteForever,
  restoreFromTrash,
  restoreVersion,
  createTemplate,
  saveVersion,
  trashTemplate,
  type SaveOutcome,
} from "./commands";
import { getVersion, listTrash, listVersions, getTemplate, listTemplates, type StoredTemplate } from "./queries";

const notFound = () => new HttpError(404, "Template not found");

/** A template with its version as the ETag. */
const stored = <S extends ContentfulStatusCode = 200>(
  c: Context<AppEnv>,
  { template, version }: StoredTemplate,
  status: S = 200 as S,
) => c.json(template, status, { ETag: versionTag(version) });

/** A save's answer: the new version, a 409 naming who saved the current one and when, or a 404. */
function saved(c: Context<AppEnv>, outcome: SaveOutcome) {
  if (outcome.kind === "missing") throw notFound();
  if (outcome.kind === "saved") return stored(c, outcome.stored);
  const { version, savedBy, savedAt } = outcome.current;
  const body: TemplateConflict = {
    error: `This template was changed by ${savedBy ?? "someone"} at ${savedAt}`,
    code: "version_conflict",
    version,
    savedBy,
    savedAt,
  };
  return c.json(body, 409, { ETag: versionTag(version) });
}

/** The :version path parameter: a positive integer, or the version does not exist. */
function versionParam(c: Context): number {
  const version = Number(c.req.param("version"));
  if (!Number.isSafeInteger(version) || version < 1) throw new HttpError(404, "Version not found");
  return version;
}

/**
 * Proposal templates, shared by all staff: the list (whole, or `?view=summary` without content), each one
 * with its version as ETag (a save with an older If-Match is a 409), its history, and the Trash.
 */
export const templateRoutes = new Hono<AppEnv>()
  .get(
    "/api/portal/templates",
    contract({
      does: "every template, newest first, with content; `?view=summary` without `templateContent`",
      answer: z.union([z.array(proposalTemplateSchema), z.array(proposalTemplateSummarySchema)]),
    }),
    viewQuery,
    async (c) => {
      const view = c.req.query("view") === "summary" ? "summary" : "full";
      return c.json(await listTemplates(await c.var.db(), view));
    },
  )
  .post(
    "/api/portal/templates",
    contract({ does: "201, the template (its version as `ETag`)", answer: proposalTemplateSchema, status: 201 }),
    jsonBody(proposalTemplateInputSchema),
    async (c) => stored(c, await createTemplate(await c.var.db(), c.req.valid("json"), actorOf(c)), 201),
  )
  .get(
    "/api/portal/templates/:id",
    contract({
      does: "one template (its version as `ETag`); 404 `Template not found`",
      answer: proposalTemplateSchema,
      refusals: ["not_found"],
    }),
    async (c) => {
      const template = await getTemplate(await c.var.db(), idParam(c, "Template"));
      if (!template) throw notFound();
      return stored(c, template);
    },
  )
  .put(
    "/api/portal/templates/:id",
    contract({
      does: "saves a new version; 409 with who saved the current one when `If-Match` is older",
      answer: proposalTemplateSchema,
      refusals: ["not_found", "version_conflict"],
    }),
    jsonBody(proposalTemplateInputSchema),
    async (c) => {
      const id = idParam(c, "Template");
      const expected = ifMatchVersion(c);
      return saved(c, await saveVersion(await c.var.db(), id, c.req.valid("json"), actorOf(c), { expected }));
    },
  )
  .delete(
    "/api/portal/templates/:id",
    contract({ does: "moves the template to the Trash: `{id}`", answer: idAnswer, refusals: ["not_found"] }),
    async (c) => {
      const id = idParam(c, "Template");
      if (!(await trashTemplate(await c.var.db(), id, actorOf(c)))) throw notFound();
      return c.json({ id });
    },
  )
  .get(
    "/api/portal/templates/:id/versions",
    contract({
      does: "the template's versions, newest first",
      answer: z.array(templateVersionSummarySchema),
      refusals: ["not_found"],
    }),
    async (c) => {
      const versions = await listVersions(await c.var.db(), idParam(c, "Template"));
      if (!versions) throw notFound();
      return c.json(versions);
    },
  )
  .get(
    "/api/portal/templates/:id/versions/:version",
    contract({ does: "one version in full", answer: templateVersionSchema, refusals: ["not_found"] }),
    async (c) => {
      const version = await getVersion(await c.var.db(), idParam(c, "Template"), versionParam(c));
      if (!version) throw new HttpError(404, "Version not found");
      return c.json(version);
    },
  )
  .post(
    "/api/portal/templates/:id/versions/:version/restore",
    contract({
      does: "saves an old version as the newest",
      answer: proposalTemplateSchema,
      refusals: ["not_found", "version_conflict"],
    }),
    async (c) => {
      const id = idParam(c, "Template");
      const version = versionParam(c);
      return saved(c, await restoreVersion(await c.var.db(), id, version, actorOf(c), ifMatchVersion(c)));
    },
  )
  .get(
    "/api/portal/template-trash",
    contract({ does: "the Trash: templates deleted in the last 30 days", answer: z.array(trashedTemplateSchema) }),
    async (c) => c.json(await listTrash(await c.var.db())),
  )
  .post(
    "/api/portal/template-trash/:id",
    contract({ does: "restores a template from the Trash", answer: idAnswer, refusals: ["not_found"] }),
    async (c) => {
      const id = idParam(c, "Template");
      if (!(await restoreFromTrash(await c.var.db(), id, actorOf(c)))) throw notFound();
      return c.json({ id });
    },
  );

/** Emptying the Trash for good: administrators only. */
export const templatePurgeRoutes = new Hono<AppEnv>().delete(
  "/api/portal/template-trash/:id",
  contract({ does: "deletes a template in the Trash for good", answer: idAnswer, refusals: ["not_found"] }),
  async (c) => {
    const id = idParam(c, "Template");
    if (!(await deleteForever(await c.var.db(), id, actorOf(c)))) throw notFound();
    return c.json({ id });
  },
);
