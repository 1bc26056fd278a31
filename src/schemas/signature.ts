import * as z from "zod";
import { TEXT_LIMITS } from "../config/api";
import {
  SAFE_IMAGE_URL,
  SIGNATURE_ELEMENT_IDS,
  SIGNATURE_FIELDS,
  SIGNATURE_RANGES,
  type SignatureElementId,
} from "../config/signature";

// The ids, fields and slider ranges live in the config module (one home per constant); re-exported
// here because the API and the proposal editor import them from this module.
export { SIGNATURE_ELEMENT_IDS, SIGNATURE_FIELDS, SIGNATURE_RANGES };
export type { SignatureElementId };

/**
 * Bound for stored positions: a few canvas widths (644 x 259) either way. Looser than the sliders,
 * which the generator keeps to, so templates saved by earlier clients still load.
 */
const POSITION_BOUND = 5000;
const FIELD_MAX = 500;

const position = z.number().min(-POSITION_BOUND).max(POSITION_BOUND);

/** formData: the contact values the lines are built from (spec 3). */
export const signatureFormDataSchema = z.object(
  Object.fromEntries(SIGNATURE_FIELDS.map((f) => [f, z.string().max(FIELD_MAX)])) as Record<
    (typeof SIGNATURE_FIELDS)[number],
    z.ZodString
  >,
);

/** One positioned signature line (spec 3). */
export const signatureElementSchema = z.object({
  id: z.enum(SIGNATURE_ELEMENT_IDS),
  field: z.string().max(50).optional(),
  content: z.string().max(FIELD_MAX),
  position: z.object({ x: position, y: position }),
  scale: z.number().min(SIGNATURE_RANGES.lineScale.min).max(SIGNATURE_RANGES.lineScale.max),
  visible: z.boolean(),
});

/** The lines of one signature: each fixed id at most once. */
export const signatureElementsSchema = z
  .array(signatureElementSchema)
  .max(SIGNATURE_ELEMENT_IDS.length)
  .refine((els) => new Set(els.map((e) => e.id)).size === els.length, "Each signature line may appear only once");

/** Global offsets and scale (spec 3); lineSpacing has no control but is stored. */
export const signatureGlobalSettingsSchema = z.object({
  globalX: z.number().min(-POSITION_BOUND).max(POSITION_BOUND),
  globalY: z.number().min(-POSITION_BOUND).max(POSITION_BOUND),
  globalScale: z.number().min(SIGNATURE_RANGES.globalScale.min).max(SIGNATURE_RANGES.globalScale.max),
  lineSpacing: z.number().min(0).max(100),
});

/**
 * A string field that must hold JSON matching `shape`. What it yields is re-serialised from the parsed
 * value, so keys the schema does not know are dropped rather than stored and served back.
 */
const jsonStringOf = (shape: z.ZodType) =>
  z
    .string()
    .max(TEXT_LIMITS.signatureJson)
    .transform((text, ctx) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: "custom", message: "Must be a JSON string" });
        return z.NEVER;
      }
      const parsed = shape.safeParse(value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
        return z.NEVER;
      }
      return JSON.stringify(parsed.data);
    });

/** A signature template as the API returns it (spec 3, issue 2 section 3). */
export const signatureTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string().trim().min(1, "Please enter a template name").max(TEXT_LIMITS.signatureName),
  description: z.string().trim().max(TEXT_LIMITS.description).nullish(),
  createdAt: z.iso.datetime(),
  formData: jsonStringOf(signatureFormDataSchema),
  elements: jsonStringOf(signatureElementsSchema),
  globalSettings: jsonStringOf(signatureGlobalSettingsSchema),
  htmlContent: z.string().max(TEXT_LIMITS.htmlContent).nullish(),
  // Rendered as an image by the proposal editor and by mail clients: no javascript:, data:text/html or SVG.
  logoUrl: z
    .string()
    .max(TEXT_LIMITS.logoUrl)
    .regex(SAFE_IMAGE_URL, "logoUrl must be an https: URL or a data:image/png, jpeg, webp or gif URL")
    .nullish(),
  isCompanyTemplate: z.boolean().default(false),
});

/** Body of POST /api/portal/signature-templates. */
export const signatureTemplateInputSchema = signatureTemplateSchema.omit({ id: true, createdAt: true });

export type SignatureFormData = z.infer<typeof signatureFormDataSchema>;
export type SignatureElement = z.infer<typeof signatureElementSchema>;
export type SignatureGlobalSettings = z.infer<typeof signatureGlobalSettingsSchema>;
export type SignatureTemplate = z.infer<typeof signatureTemplateSchema>;
export type SignatureTemplateInput = z.infer<typeof signatureTemplateInputSchema>;

/** Body of POST /api/portal/signature-images: the rendered card as a PNG data URL (issue 8). */
export const signatureImageUploadSchema = z.object({
  png: z.string().regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, "png must be a base64 PNG data URL"),
});
export type SignatureImageUpload = z.infer<typeof signatureImageUploadSchema>;
