import { Hono } from "hono";
import { TEMPLATE_ITEM_PATH, TEMPLATES_PATH } from "~/lib/api-routes";
import { proposalTemplateInputSchema } from "~/schemas/proposal-template";
import { actorOf, staffOnly } from "~/server/auth/staff";
import { HttpError, idParam, json, jsonBody, type AppEnv } from "~/server/http";
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from "~/server/templates";

const notFound = () => new HttpError(404, "Template not found");

/** Proposal templates, shared by all staff: the list (whole, or `?view=summary` without content) and each one. */
export const templateRoutes = new Hono<AppEnv>()
  .get(TEMPLATES_PATH, staffOnly, async (c) => {
    const view = c.req.query("view") === "summary" ? "summary" : "full";
    return json(await listTemplates(await c.var.db(), view));
  })
  .post(TEMPLATES_PATH, staffOnly, jsonBody(proposalTemplateInputSchema), async (c) =>
    json(await createTemplate(await c.var.db(), c.req.valid("json"), actorOf(c)), 201),
  )
  .get(TEMPLATE_ITEM_PATH, staffOnly, async (c) => {
    const template = await getTemplate(await c.var.db(), idParam(c, "Template"));
    if (!template) throw notFound();
    return json(template);
  })
  .put(TEMPLATE_ITEM_PATH, staffOnly, jsonBody(proposalTemplateInputSchema), async (c) => {
    const id = idParam(c, "Template");
    const template = await updateTemplate(await c.var.db(), id, c.req.valid("json"), actorOf(c));
    if (!template) throw notFound();
    return json(template);
  })
  .delete(TEMPLATE_ITEM_PATH, staffOnly, async (c) => {
    const id = idParam(c, "Template");
    if (!(await deleteTemplate(await c.var.db(), id, actorOf(c)))) throw notFound();
    return json({ id });
  });
