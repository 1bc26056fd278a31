import { z } from "./zod";
import { SAFE_IMAGE_URL, TEXT_LIMITS } from "./limits";

/** The five fixed signature lines, in drawing order. */
export const SIGNATURE_ELEMENT_IDS = ["name-title", "mobile", "email", "city", "quote"] as const;
export type SignatureElementId = (typeof SIGNATURE_ELEMENT_IDS)[number];

/** Contact fields of the signature generator, in the order the form shows them. */
export const SIGNATURE_FIELDS = ["name", "title", "phone", "email", "location", "quote"] as const;
export type SignatureField = (typeof SIGNATURE_FIELDS)[number];

/**
 * Slider ranges. Dragging and keyboard nudging keep a line inside its X and Y ranges too,
 * so every slider can always show where its line is.
 */
export const SIGNATURE_RANGES = {
  lineX: { min: -200, max: 200, step: 5 },
  lineY: { min: -100, max: 100, step: 5 },
  lineScale: { min: 0.5, max: 2.5, step: 0.05 },
  globalX: { min: -100, max: 100, step: 5 },
  globalY: { min: -50, max: 50, step: 2 },
  globalScale: { min: 0.5, max: 2, step: 0.05 },
} as const;

/** The card: 644 x 259, lines placed from its centre (322, 130), captured at 2x. */
export const SIGNATURE_CANVAS = { width: 644, height: 259, centerX: 322, centerY: 130, captureScale: 2 } as const;

/**
 * The Gmail/Outlook image export: a PNG of the composed card at the capture scale, stored by the API
 * under its SHA-256 and served from this site, immutable. Bounded so one upload cannot fill the table.
 */
export const SIGNATURE_IMAGE = {
  maxBytes: 3 * 1024 * 1024,
  /**
   * The PNG travels as a base64 data URL in JSON, so it passes the same body checks as every other call:
   * base64 is 4/3 of the image's bytes, plus room for the JSON around it.
   */
  maxBodyBytes: Math.ceil((3 * 1024 * 1024 * 4) / 3) + 1024,
  /** A year: the URL names the content, so it never changes. */
  cacheControl: "public, max-age=31536000, immutable",
} as const;

/**
 * Bound for stored positions: a few canvas widths (644 x 259) either way. Looser than the sliders,
 * which the generator keeps to, so templates saved by other clients still load.
 */
const POSITION_BOUND = 5000;
/** The longest contact value or line text the API accepts; the generator's fields stop typing there. */
export const SIGNATURE_FIELD_MAX = 500;

const position = z.number().check(z.gte(-POSITION_BOUND), z.lte(POSITION_BOUND));

/** formData: the contact values the lines are built from. */
export const signatureFormDataSchema = z.object(
  Object.fromEntries(SIGNATURE_FIELDS.map((f) => [f, z.string().check(z.maxLength(SIGNATURE_FIELD_MAX))])) as Record<
    (typeof SIGNATURE_FIELDS)[number],
    z.ZodMiniString
  >,
);

/** One positioned signature line; `field` names the contact value it is written from. */
const signatureElementSchema = z.object({
  id: z.enum(SIGNATURE_ELEMENT_IDS),
  field: z.optional(z.string().check(z.maxLength(50))),
  content: z.string().check(z.maxLength(SIGNATURE_FIELD_MAX)),
  position: z.object({ x: position, y: position }),
  scale: z.number().check(z.gte(SIGNATURE_RANGES.lineScale.min), z.lte(SIGNATURE_RANGES.lineScale.max)),
  visible: z.boolean(),
});

/** The lines of one signature: each fixed id at most once. */
export const signatureElementsSchema = z.array(signatureElementSchema).check(
  z.maxLength(SIGNATURE_ELEMENT_IDS.length),
  z.refine((els) => new Set(els.map((e) => e.id)).size === els.length, "Each signature line may appear only once"),
);

/** Global offsets and scale; lineSpacing has no control but is stored. */
export const signatureGlobalSettingsSchema = z.object({
  globalX: position,
  globalY: position,
  globalScale: z.number().check(z.gte(SIGNATURE_RANGES.globalScale.min), z.lte(SIGNATURE_RANGES.globalScale.max)),
  lineSpacing: z.number().check(z.gte(0), z.lte(100)),
});

/**
 * A string field that must hold JSON matching `shape`. What it yields is re-serialised from the parsed
 * value, so keys the schema does not know are dropped rather than stored and served back.
 */
const jsonStringOf = (shape: z.ZodMiniType) =>
  z.pipe(
    z.string().check(z.maxLength(TEXT_LIMITS.signatureJson)),
    z.transform((text: string, ctx) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.issues.push({ code: "custom", message: "Must be a JSON string", input: text });
        return z.NEVER;
      }
      const parsed = shape.safeParse(value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.issues.push({ code: "custom", message: issue.message, path: issue.path, input: text });
        return z.NEVER;
      }
      return JSON.stringify(parsed.data);
    }),
  );

/** A signature template as the API returns it (docs/requirements.md#signature-template). */
export const signatureTemplateSchema = z.object({
  id: z.uuid(),
  name: z
    .string()
    .check(z.trim(), z.minLength(1, "Please enter a template name"), z.maxLength(TEXT_LIMITS.signatureName)),
  description: z.nullish(z.string().check(z.trim(), z.maxLength(TEXT_LIMITS.description))),
  createdAt: z.iso.datetime(),
  formData: jsonStringOf(signatureFormDataSchema),
  elements: jsonStringOf(signatureElementsSchema),
  globalSettings: jsonStringOf(signatureGlobalSettingsSchema),
  htmlContent: z.nullish(z.string().check(z.maxLength(TEXT_LIMITS.htmlContent))),
  // Rendered as an image by the proposal editor and by mail clients: no javascript:, data:text/html or SVG.
  logoUrl: z.nullish(
    z
      .string()
      .check(
        z.maxLength(TEXT_LIMITS.logoUrl),
        z.regex(
          SAFE_IMAGE_URL,
          "logoUrl must be an https: URL, a data:image/png, jpeg, webp or gif URL, or an image stored on this site",
        ),
      ),
  ),
  isCompanyTemplate: z._default(z.boolean(), false),
});

/** Body of POST /api/portal/signature-templates. */
export const signatureTemplateInputSchema = z.omit(signatureTemplateSchema, { id: true, createdAt: true });

/** Body of PATCH /api/portal/signature-templates/:id: the one change it makes is taking the company mark off. */
export const signatureTemplateUnmarkSchema = z.object({ isCompanyTemplate: z.literal(false) });

/**
 * A list entry (the lists' `?view=summary`): what the Load dialog and the logo dropdown draw, without the logo
 * and the exported HTML, which GET of the one template carries; `hasLogo` says whether it has a logo.
 */
export const signatureTemplateSummarySchema = z.extend(
  z.omit(signatureTemplateSchema, { htmlContent: true, logoUrl: true }),
  { hasLogo: z.boolean() },
);

export type SignatureTemplateSummary = z.infer<typeof signatureTemplateSummarySchema>;
export type SignatureFormData = z.infer<typeof signatureFormDataSchema>;
export type SignatureElement = z.infer<typeof signatureElementSchema>;
export type SignatureGlobalSettings = z.infer<typeof signatureGlobalSettingsSchema>;
export type SignatureTemplate = z.infer<typeof signatureTemplateSchema>;
export type SignatureTemplateInput = z.infer<typeof signatureTemplateInputSchema>;

/** Body of POST /api/portal/signature-images: the rendered card as a PNG data URL (the Gmail/Outlook export). */
export const signatureImageUploadSchema = z.object({
  png: z.string().check(z.regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, "png must be a base64 PNG data URL")),
});
