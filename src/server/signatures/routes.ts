import { Hono, type Context } from "hono";
import { z } from "~/schemas/zod";
import { contract, idAnswer } from "~/server/contract";
import {
  signatureImageUploadSchema,
  signatureTemplateInputSchema,
  signatureTemplateSchema,
  signatureTemplateSummarySchema,
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
} from "./images";
import { createSignatureTemplate, deleteSignatureTemplate, unmarkCompanySignatureTemplate } from "./commands";
import {
  getSignatureTemplate,
  listCompanySignatureTemplates,
  listOwnSignatureTemplates,
  type SignatureListView,
} from "./queries";

/** `?view=summary` asks for the light list (no logo, no HTML); anything else keeps the full one. */
const viewOf = (c: Context): SignatureListView => (c.req.query("view") === "summary" ? "summary" : "full");

/** Signature templates (the caller's own, and the company's) and the images of exported signatures. */
export const signatureRoutes = new Hono<AppEnv>()
  .get(
    "/api/portal/signature-templates",
    contract({
      does: "the caller's own templates (company ones they saved included), newest first; `?view=summary` without logo and HTML",
      answer: z.union([z.array(signatureTemplateSchema), z.array(signatureTemplateSummarySchema)]),
    }),
    viewQuery,
    async (c) => c.json(await listOwnSignatureTemplates(await c.var.db(), c.var.staff.id, viewOf(c))),
  )
  .post(
    "/api/portal/signature-templates",
    contract({ does: "201, the template", answer: signatureTemplateSchema, status: 201, refusals: ["quota_exceeded"] }),
    jsonBody(signatureTemplateInputSchema),
    async (c) => c.json(await createSignatureTemplate(await c.var.db(), c.req.valid("json"), actorOf(c)), 201),
  )
  // One template in full: the caller's own or a company one.
  .get(
    "/api/portal/signature-templates/:id",
    contract({
      does: "one template in full: the caller's own or a company one",
      answer: signatureTemplateSchema,
      refusals: ["not_found"],
    }),
    async (c) => {
      const id = idParam(c, "Signature template");
      const template = await getSignatureTemplate(await c.var.db(), id, c.var.staff.id);
      if (!template) throw new HttpError(404, "Signature template not found");
      return c.json(template);
    },
  )
  // A template the caller created, personal or company, or (for admins) any company template; anyone else's is
  // indistinguishable from a missing one.
  .delete(
    "/api/portal/signature-templates/:id",
    contract({
      does: "`{id}`; 404 `Signature template not found` for anyone else's",
      answer: idAnswer,
      refusals: ["not_found"],
    }),
    async (c) => {
      const id = idParam(c, "Signature template");
      if (!(await deleteSignatureTemplate(await c.var.db(), id, actorOf(c))))
        throw new HttpError(404, "Signature template not found");
      return c.json({ id });
    },
  )
  // Takes a company template off the company list, by the same rule as deleting it.
  .patch(
    "/api/portal/signature-templates/:id",
    contract({
      does: "takes a company template off the company list, by the same rule as deleting it",
      answer: z.object({ id: z.string(), isCompanyTemplate: z.literal(false) }),
      refusals: ["not_found"],
    }),
    jsonBody(signatureTemplateUnmarkSchema),
    async (c) => {
      const id = idParam(c, "Signature template");
      if (!(await unmarkCompanySignatureTemplate(await c.var.db(), id, actorOf(c))))
        throw new HttpError(404, "Company signature template not found");
      return c.json({ id, isCompanyTemplate: false });
    },
  )
  .get(
    "/api/company-signature-templates",
    contract({
      does: "every company template, from anyone, newest first",
      answer: z.union([z.array(signatureTemplateSchema), z.array(signatureTemplateSummarySchema)]),
    }),
    viewQuery,
    async (c) => c.json(await listCompanySignatureTemplates(await c.var.db(), viewOf(c))),
  )
  .post(
    "/api/portal/signature-images",
    contract({
      does: "`{png}`, a base64 PNG data URL: 201 `{url}`, `/api/signature-images/<sha256>.png`",
      answer: z.object({ url: z.string() }),
      status: 201,
      refusals: ["quota_exceeded", "rate_limited"],
    }),
    jsonBody(signatureImageUploadSchema),
    async (c) => {
      const { png } = c.req.valid("json");
      const bytes = Buffer.from(png.slice(png.indexOf(",") + 1), "base64");
      const db = await c.var.db();
      // Every export is an upload, the same card again included: it sends the whole image each time.
      await admitImageUpload(db, c.var.staff.id);
      const sha256 = await storeSignatureImage(db, bytes, c.var.staff.id);
      return c.json({ url: signatureImagePath(sha256) }, 201);
    },
  );

/** Public: mail clients fetch a pasted signature's image without a token. */
export const signatureImageRoutes = new Hono<AppEnv>()
  // One URL per image: the extension names the stored type.
  .get(
    "/api/signature-images/:file",
    contract({
      does: "the image (a card PNG, or a template logo as png, jpg, webp or gif, with its type); 404 `Image not found`",
      answer: "image",
      refusals: ["not_found"],
    }),
    async (c) => {
      const file = parseImageFile(c.req.param("file"));
      const image = file ? await readSignatureImage(await c.var.db(), file.sha256) : null;
      if (!file || !image || image.type !== file.type) throw new HttpError(404, "Image not found");
      return new Response(new Uint8Array(image.bytes), {
        headers: signatureImageHeaders(file.sha256, image.type, image.bytes.byteLength),
      });
    },
  );
