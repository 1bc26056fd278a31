import * as z from "zod";

/** Font families offered by the proposal editor (spec 3). */
export const PROPOSAL_FONT_FAMILIES = ["Arial", "Times New Roman", "Inter", "Helvetica"] as const;

/** Slider ranges of the proposal editor (spec 5). */
export const PROPOSAL_RANGES = {
  logoSize: { min: 50, max: 700 },
  logoX: { min: -200, max: 600 },
  logoY: { min: -200, max: 300 },
  bodyFontSize: { min: 8, max: 16 },
  headerFontSize: { min: 10, max: 20 },
  headerInfoFontSize: { min: 7, max: 14 },
  bidFontSize: { min: 16, max: 36 },
  pageWidth: { min: 650, max: 950 },
  lineHeight: { min: 1, max: 2 },
} as const;

const ranged = (key: keyof typeof PROPOSAL_RANGES) =>
  z.number().min(PROPOSAL_RANGES[key].min).max(PROPOSAL_RANGES[key].max);

/** Document settings of the proposal editor (spec 3). */
export const documentSettingsSchema = z.object({
  fontFamily: z.enum(PROPOSAL_FONT_FAMILIES),
  bodyFontSize: ranged("bodyFontSize"),
  headerFontSize: ranged("headerFontSize"),
  headerInfoFontSize: ranged("headerInfoFontSize"),
  bidFontSize: ranged("bidFontSize"),
  pageWidth: ranged("pageWidth"),
  lineHeight: ranged("lineHeight"),
  accentColor: z.string().regex(/^#[0-9a-fA-F]{3,8}$/, "Accent colour must be a hex colour"),
  logoFile: z.string(),
  logoSize: ranged("logoSize"),
  logoX: ranged("logoX"),
  logoY: ranged("logoY"),
});

/** Document content of the proposal editor; amounts are formatted money strings (spec 3). */
export const documentContentSchema = z.object({
  companyName: z.string(),
  companyAddress: z.string(),
  projectName: z.string(),
  projectLocation: z.string(),
  currentDate: z.string(),
  baseBidAmount: z.string(),
  paintMaterials: z.string(),
  paintLabor: z.string(),
  equipment: z.string(),
});

/** What the proposal editor stores, JSON-encoded, in a template's templateContent (spec 3). */
export const proposalDocumentSchema = z.object({
  documentSettings: documentSettingsSchema,
  documentContent: documentContentSchema,
  editorHTML: z.string(),
});

export type DocumentSettings = z.infer<typeof documentSettingsSchema>;
export type DocumentContent = z.infer<typeof documentContentSchema>;
export type ProposalDocument = z.infer<typeof proposalDocumentSchema>;
