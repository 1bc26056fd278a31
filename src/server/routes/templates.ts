import { Hono, type Context } from "hono";
import {
  TEMPLATE_ITEM_PATH,
  TEMPLATE_TRASH_ITEM_PATH,
  TEMPLATE_TRASH_PATH,
  TEMPLATE_VERSION_PATH,
  TEMPLATE_VERSION_RESTORE_PATH,
  TEMPLATE_VERSIONS_PATH,
  TEMPLATES_PATH,
} from "~/lib/api-routes";
import { proposalTemplateInputSchema, type TemplateConflict } from "~/schemas/proposal-template";
import { actorOf, adminOnly, staffOnly } from "~/server/auth/middleware";
import { HttpError, idParam, ifMatchVersion, json, jsonBody, versionTag, type AppEnv } from "~/server/http";
import {
  deleteForever,
  getVersion,
  listTrash,
  listVersions,
  restoreFromTrash,
  restoreVersion,
} from "~/server/template-history";
import {
  createTemplate,
  getTemplate,
  listTemplates,
  saveVersion,
  trashTemplate,
  type SaveOutcome,
  type StoredTemplate,
} from "~/server/templates";

const notFound = () => new HttpError(404, "Template not found");

/** A template with its version as the ETag. */
const stored = ({ template, version }: StoredTemplate, status = 200) =>
  json(template, status, { ETag: versionTag(version) });

/** A save's answer: the new version, a 409 naming who saved the current one and when, or a 404. */
function saved(outcome: SaveOutcome): Response {
  if (outcome.kind === "missing") throw notFound();
  if (outcome.kind === "saved") return stored(outcome.stored);
  const { version, savedBy, savedAt } = outcome.current;
  const body: TemplateConflict = {
    error: `This template was changed by ${savedBy ?? "someone"} at ${savedAt}`,
    version,
    savedBy,
    savedAt,
  };
  return json(body, 409, { ETag: versionTag(version) });
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
  .get(TEMPLATES_PATH, staffOnly, async (c) => {
    const view = c.req.query("view") === "summary" ? "summary" : "full";
    return json(await listTemplates(await c.var.db(), view));
  })
  .post(TEMPLATES_PATH, staffOnly, jsonBody(proposalTemplateInputSchema), async (c) =>
    stored(await createTemplate(await c.var.db(), c.req.valid("json"), actorOf(c)), 201),
  )
  .get(TEMPLATE_ITEM_PATH, staffOnly, async (c) => {
    const template = await getTemplate(await c.var.db(), idParam(c, "Template"));
    if (!template) throw notFound();
    return stored(template);
  })
  .put(TEMPLATE_ITEM_PATH, staffOnly, jsonBody(proposalTemplateInputSchema), async (c) => {
    const id = idParam(c, "Template");
    const expected = ifMatchVersion(c);
    return saved(await saveVersion(await c.var.db(), id, c.req.valid("json"), actorOf(c), { expected }));
  })
  .delete(TEMPLATE_ITEM_PATH, staffOnly, async (c) => {
    const id = idParam(c, "Template");
    if (!(await trashTemplate(await c.var.db(), id, actorOf(c)))) throw notFound();
    return json({ id });
  })
  .get(TEMPLATE_VERSIONS_PATH, staffOnly, async (c) => {
    const versions = await listVersions(await c.var.db(), idParam(c, "Template"));
    if (!versions) throw notFound();
    return json(versions);
  })
  .get(TEMPLATE_VERSION_PATH, staffOnly, async (c) => {
    const version = await getVersion(await c.var.db(), idParam(c, "Template"), versionParam(c));
    if (!version) throw new HttpError(404, "Version not found");
    return json(version);
  })
  .post(TEMPLATE_VERSION_RESTORE_PATH, staffOnly, async (c) => {
    const id = idParam(c, "Template");
    const version = versionParam(c);
    return saved(await restoreVersion(await c.var.db(), id, version, actorOf(c), ifMatchVersion(c)));
  })
  .get(TEMPLATE_TRASH_PATH, staffOnly, async (c) => json(await listTrash(await c.var.db())))
  .post(TEMPLATE_TRASH_ITEM_PATH, staffOnly, async (c) => {
    const id = idParam(c, "Template");
    if (!(await restoreFromTrash(await c.var.db(), id, actorOf(c)))) throw notFound();
    return json({ id });
  })
  .delete(TEMPLATE_TRASH_ITEM_PATH, staffOnly, adminOnly, async (c) => {
    const id = idParam(c, "Template");
    if (!(await deleteForever(await c.var.db(), id, actorOf(c)))) throw notFound();
    return json({ id });
  });
