import { PROPOSAL_FONT_FAMILIES, PROPOSAL_RANGES } from "./proposal-fields";
import { z } from "./zod";

const ranged = (key: keyof typeof PROPOSAL_RANGES) =>
  z.number().check(z.gte(PROPOSAL_RANGES[key].min), z.lte(PROPOSAL_RANGES[key].max));

/** Document settings of the proposal editor; each number must lie within its slider's range. */
export const documentSettingsSchema = z.object({
  fontFamily: z.enum(PROPOSAL_FONT_FAMILIES),
  bodyFontSize: ranged("bodyFontSize"),
  headerFontSize: ranged("headerFontSize"),
  headerInfoFontSize: ranged("headerInfoFontSize"),
  bidFontSize: ranged("bidFontSize"),
  pageWidth: ranged("pageWidth"),
  lineHeight: ranged("lineHeight"),
  accentColor: z.string().check(z.regex(/^#[0-9a-fA-F]{3,8}$/, "Accent colour must be a hex colour")),
  logoFile: z.string(),
  logoSize: ranged("logoSize"),
  logoX: ranged("logoX"),
  logoY: ranged("logoY"),
});

/** Document content of the proposal editor; amounts are formatted money strings ("$485,000.00"). */
const documentContentSchema = z.object({
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

/** What the proposal editor stores, JSON-encoded, in a template's templateContent. */
export const proposalDocumentSchema = z.object({
  documentSettings: documentSettingsSchema,
  documentContent: documentContentSchema,
  editorHTML: z.string(),
});

export type DocumentSettings = z.infer<typeof documentSettingsSchema>;
export type DocumentContent = z.infer<typeof documentContentSchema>;
export type ProposalDocument = z.infer<typeof proposalDocumentSchema>;
