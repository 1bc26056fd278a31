import * as z from "zod";
import { TEXT_LIMITS } from "../config/api";

/** The five fixed signature lines (spec 3). */
export const SIGNATURE_ELEMENT_IDS = ["name-title", "mobile", "email", "city", "quote"] as const;
export type SignatureElementId = (typeof SIGNATURE_ELEMENT_IDS)[number];

/** Contact fields of the signature generator (spec 3). */
export const SIGNATURE_FIELDS = ["name", "title", "phone", "email", "location", "quote"] as const;

/**
 * Slider ranges (spec 5). Positions are not clamped to them because lines can also be
 * dragged past the slider ends; they only have to stay on a sane canvas-sized plane.
 */
export const SIGNATURE_RANGES = {
  lineX: { min: -200, max: 200, step: 5 },
  lineY: { min: -100, max: 100, step: 5 },
  lineScale: { min: 0.5, max: 2.5, step: 0.05 },
  globalX: { min: -100, max: 100, step: 5 },
  globalY: { min: -50, max: 50, step: 2 },
  globalScale: { min: 0.5, max: 2, step: 0.05 },
} as const;

/** Bound for dragged positions: a few canvas widths (644 x 259) either way. */
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
  logoUrl: z.string().max(TEXT_LIMITS.logoUrl).nullish(),
  isCompanyTemplate: z.boolean().default(false),
});

/** Body of POST /api/portal/signature-templates. */
export const signatureTemplateInputSchema = signatureTemplateSchema.omit({ id: true, createdAt: true });

export type SignatureFormData = z.infer<typeof signatureFormDataSchema>;
export type SignatureElement = z.infer<typeof signatureElementSchema>;
export type SignatureGlobalSettings = z.infer<typeof signatureGlobalSettingsSchema>;
export type SignatureTemplate = z.infer<typeof signatureTemplateSchema>;
export type SignatureTemplateInput = z.infer<typeof signatureTemplateInputSchema>;
