import { Hono } from "hono";
import {
  signatureImageUploadSchema,
  signatureTemplateInputSchema,
  signatureTemplateUnmarkSchema,
} from "~/schemas/signature";
import { actorOf } from "~/server/auth/middleware";
import { HttpError, idParam, jsonBody, viewQuery, type AppEnv } from "~/server/http";
import {
  admitImageUpload,
  parseImageFile,
  readSignatureImage,
  signatureImageHeaders,
  signatureImagePath,
  storeSignatureImage,
} from "~/server/signature-images";
import {
  createSignatureTemplate,
  deleteSignatureTemplate,
  getSignatureTemplate,
  listCompanySignatureTemplates,
  listOwnSignatureTemplates,
  unmarkCompanySignatureTemplate,
  type SignatureListView,
} from "~/server/signature-templates";
import type { Context } from "hono";

/** `?view=summary` asks for the light list (no logo, no HTML); anything else keeps the full one. */
const viewOf = (c: Context): SignatureListView => (c.req.query("view") === "summary" ? "summary" : "full");

/** Signature templates (the caller's own, and the company's) and the images of exported signatures. */
export const signatureRoutes = new Hono<AppEnv>()
  .get("/api/portal/signature-templates", viewQuery, async (c) =>
    c.json(await listOwnSignatureTemplates(await c.var.db(), c.var.staff.id, viewOf(c))),
  )
  .post("/api/portal/signature-templates", jsonBody(signatureTemplateInputSchema), async (c) =>
    c.json(await createSignatureTemplate(await c.var.db(), c.req.valid("json"), actorOf(c)), 201),
  )
  // One template in full: the caller's own or a company one.
  .get("/api/portal/signature-templates/:id", async (c) => {
    const id = idParam(c, "Signature template");
    const template = await getSignatureTemplate(await c.var.db(), id, c.var.staff.id);
    if (!template) throw new HttpError(404, "Signature template not found");
    return c.json(template);
  })
  // A template the caller created, personal or company, or (for admins) any company template; anyone else's is
  // indistinguishable from a missing one.
  .delete("/api/portal/signature-templates/:id", async (c) => {
    const id = idParam(c, "Signature template");
    if (!(await deleteSignatureTemplate(await c.var.db(), id, actorOf(c))))
      throw new HttpError(404, "Signature template not found");
    return c.json({ id });
  })
  // Takes a company template off the company list, by the same rule as deleting it.
  .patch("/api/portal/signature-templates/:id", jsonBody(signatureTemplateUnmarkSchema), async (c) => {
    const id = idParam(c, "Signature template");
    if (!(await unmarkCompanySignatureTemplate(await c.var.db(), id, actorOf(c))))
      throw new HttpError(404, "Company signature template not found");
    return c.json({ id, isCompanyTemplate: false });
  })
  .get("/api/company-signature-templates", viewQuery, async (c) =>
    c.json(await listCompanySignatureTemplates(await c.var.db(), viewOf(c))),
  )
  .post("/api/portal/signature-images", jsonBody(signatureImageUploadSchema), async (c) => {
    const { png } = c.req.valid("json");
    const bytes = Buffer.from(png.slice(png.indexOf(",") + 1), "base64");
    const db = await c.var.db();
    // Every export is an upload, the same card again included: it sends the whole image each time.
    await admitImageUpload(db, c.var.staff.id);
    const sha256 = await storeSignatureImage(db, bytes, c.var.staff.id);
    return c.json({ url: signatureImagePath(sha256) }, 201);
  });

/** Public: mail clients fetch a pasted signature's image without a token. */
export const signatureImageRoutes = new Hono<AppEnv>()
  // One URL per image: the extension names the stored type.
  .get("/api/signature-images/:file", async (c) => {
    const file = parseImageFile(c.req.param("file"));
    const image = file ? await readSignatureImage(await c.var.db(), file.sha256) : null;
    if (!file || !image || image.type !== file.type) throw new HttpError(404, "Image not found");
    return new Response(new Uint8Array(image.bytes), {
      headers: signatureImageHeaders(file.sha256, image.type, image.bytes.byteLength),
    });
  });
