import { Hono } from "hono";
import {
  COMPANY_SIGNATURE_TEMPLATES_PATH,
  SIGNATURE_IMAGE_FILE_PATH,
  SIGNATURE_IMAGES_PATH,
  SIGNATURE_TEMPLATE_ITEM_PATH,
  SIGNATURE_TEMPLATES_PATH,
} from "~/lib/api-routes";
import {
  signatureImageUploadSchema,
  signatureTemplateInputSchema,
  signatureTemplateUnmarkSchema,
} from "~/schemas/signature";
import { actorOf, staffOnly } from "~/server/auth/middleware";
import { HttpError, idParam, json, jsonBody, type AppEnv } from "~/server/http";
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
  .get(SIGNATURE_TEMPLATES_PATH, staffOnly, async (c) =>
    json(await listOwnSignatureTemplates(await c.var.db(), c.var.staff.id, viewOf(c))),
  )
  .post(SIGNATURE_TEMPLATES_PATH, staffOnly, jsonBody(signatureTemplateInputSchema), async (c) =>
    json(await createSignatureTemplate(await c.var.db(), c.req.valid("json"), actorOf(c)), 201),
  )
  // One template in full: the caller's own or a company one.
  .get(SIGNATURE_TEMPLATE_ITEM_PATH, staffOnly, async (c) => {
    const id = idParam(c, "Signature template");
    const template = await getSignatureTemplate(await c.var.db(), id, c.var.staff.id);
    if (!template) throw new HttpError(404, "Signature template not found");
    return json(template);
  })
  // A template the caller created, personal or company, or (for admins) any company template; anyone else's is
  // indistinguishable from a missing one.
  .delete(SIGNATURE_TEMPLATE_ITEM_PATH, staffOnly, async (c) => {
    const id = idParam(c, "Signature template");
    if (!(await deleteSignatureTemplate(await c.var.db(), id, actorOf(c))))
      throw new HttpError(404, "Signature template not found");
    return json({ id });
  })
  // Takes a company template off the company list, by the same rule as deleting it.
  .patch(SIGNATURE_TEMPLATE_ITEM_PATH, staffOnly, jsonBody(signatureTemplateUnmarkSchema), async (c) => {
    const id = idParam(c, "Signature template");
    if (!(await unmarkCompanySignatureTemplate(await c.var.db(), id, actorOf(c))))
      throw new HttpError(404, "Company signature template not found");
    return json({ id, isCompanyTemplate: false });
  })
  .get(COMPANY_SIGNATURE_TEMPLATES_PATH, staffOnly, async (c) =>
    json(await listCompanySignatureTemplates(await c.var.db(), viewOf(c))),
  )
  .post(SIGNATURE_IMAGES_PATH, staffOnly, jsonBody(signatureImageUploadSchema), async (c) => {
    const { png } = c.req.valid("json");
    const bytes = Buffer.from(png.slice(png.indexOf(",") + 1), "base64");
    const db = await c.var.db();
    // Every export is an upload, the same card again included: it sends the whole image each time.
    await admitImageUpload(db, c.var.staff.id);
    const sha256 = await storeSignatureImage(db, bytes, c.var.staff.id);
    return json({ url: signatureImagePath(sha256) }, 201);
  })
  // Public: mail clients fetch a pasted signature's image without a token. One URL per image: the extension
  // names the stored type.
  .get(SIGNATURE_IMAGE_FILE_PATH, async (c) => {
    const file = parseImageFile(c.req.param("file"));
    const image = file ? await readSignatureImage(await c.var.db(), file.sha256) : null;
    if (!file || !image || image.type !== file.type) throw new HttpError(404, "Image not found");
    return new Response(new Uint8Array(image.bytes), {
      headers: signatureImageHeaders(file.sha256, image.type, image.bytes.byteLength),
    });
  });
