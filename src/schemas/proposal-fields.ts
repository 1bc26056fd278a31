/**
 * The zod-free half of the proposal document and template: the choices and ranges the editor's controls
 * offer and the schemas check. The editor imports these from here, so zod loads with the code that reads
 * or saves a document, not with the editor.
 */

/** Font families offered by the proposal editor. */
export const PROPOSAL_FONT_FAMILIES = ["Arial", "Times New Roman", "Inter", "Helvetica"] as const;

/** Slider ranges of the proposal editor; stored documents are held to them too. */
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

/** The turnkey breakdown under the base bid, in display order (fields of the document's content). */
export const BID_BREAKDOWN = [
  { field: "paintMaterials", label: "Paint Materials" },
  { field: "paintLabor", label: "Paint Labor" },
  { field: "equipment", label: "Equipment" },
] as const;

/** Letter paper and its print margin; the @page rule in proposal.css repeats these two values. */
export const PRINT_PAGE = { widthIn: 8.5, heightIn: 11, marginIn: 0.25, cssPxPerIn: 96 } as const;

/** Width in CSS px that a printed page holds: wider documents are scaled down to fit it. */
export const PRINTABLE_WIDTH_PX = (PRINT_PAGE.widthIn - 2 * PRINT_PAGE.marginIn) * PRINT_PAGE.cssPxPerIn;

/** Proposal template categories; each has its own icon and colour on the dashboard. */
export const TEMPLATE_CATEGORIES = ["residential", "multifamily", "commercial"] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** Category a new dashboard template starts with, and the one a template saved without a category gets. */
export const DEFAULT_TEMPLATE_CATEGORY: TemplateCategory = "residential";
