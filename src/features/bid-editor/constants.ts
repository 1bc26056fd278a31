/** Professional Proposal Editor constants, each defined once. */
import type { DocumentContent, DocumentSettings } from "~/schemas/proposal-document";
import { PROPOSAL_RANGES } from "~/schemas/proposal-fields";
import type { TemplateCategory } from "~/schemas/proposal-fields";
import { brandColors } from "~/config/brand";
import { company } from "~/config/company";

/** The company logo a proposal starts with, and falls back to when another cannot be used (600 x 240). */
export const DEFAULT_LOGO = "/portal/default-logo.png";

/** Default document settings; the accent is the brand gold. */
export const DEFAULT_DOCUMENT_SETTINGS: DocumentSettings = {
  fontFamily: "Arial",
  bodyFontSize: 9,
  headerFontSize: 11,
  headerInfoFontSize: 8,
  bidFontSize: 18,
  pageWidth: 800,
  lineHeight: 1.1,
  accentColor: brandColors.gold[500],
  logoFile: DEFAULT_LOGO,
  logoSize: 134,
  logoX: 30,
  logoY: 15,
};

/**
 * Default document content. `currentDate` is empty because it is "today", filled in when
 * the editor starts; the placeholder amounts add up (145,500 + 291,000 + 48,500 = 485,000).
 */
export const DEFAULT_DOCUMENT_CONTENT: DocumentContent = {
  companyName: company.legalName,
  companyAddress: `1200 Commerce Street, Suite 400, ${company.city}, ${company.region} 77002`,
  projectName: "The Residences at Cypress Creek",
  projectLocation: "8400 Cypress Creek Parkway, Houston, TX 77070",
  currentDate: "",
  baseBidAmount: "$485,000.00",
  paintMaterials: "$145,500.00",
  paintLabor: "$291,000.00",
  equipment: "$48,500.00",
};

// The breakdown and the paper live with the document's fields, where the server's PDF reads them too.
export { BID_BREAKDOWN, PRINT_PAGE, PRINTABLE_WIDTH_PX } from "~/schemas/proposal-fields";

type SliderKey = keyof typeof PROPOSAL_RANGES;

/** Slider steps: line height steps by 0.1, page width by 10 px, the rest by one unit. */
const STEPS: Record<SliderKey, number> = {
  logoSize: 1,
  logoX: 1,
  logoY: 1,
  bodyFontSize: 1,
  headerFontSize: 1,
  headerInfoFontSize: 1,
  bidFontSize: 1,
  pageWidth: 10,
  lineHeight: 0.1,
};

/** Every slider's `{ min, max, step }`, as RangeField takes it: the schema's bounds plus the step. */
export const PROPOSAL_SLIDERS = Object.fromEntries(
  (Object.keys(PROPOSAL_RANGES) as SliderKey[]).map((key) => [key, { ...PROPOSAL_RANGES[key], step: STEPS[key] }]),
) as Record<SliderKey, { min: number; max: number; step: number }>;

/** The toolbar's text sizes (1 small, 3 normal, 5 large); 3 is plain text, no mark. */
export const TEXT_SIZES = { small: 1, normal: 3, large: 5 } as const;

/** The page's minimum height on screen. */
export const PAGE_MIN_HEIGHT_PX = 850;

/** The category every proposal saved from the editor gets (its Save dialog says so). */
export const PROPOSAL_SAVE_CATEGORY: TemplateCategory = "multifamily";

/** CSS font stacks for the font family choices; Inter is the site's self-hosted variable face. */
export const PROPOSAL_FONT_STACKS: Record<DocumentSettings["fontFamily"], string> = {
  Arial: 'Arial, "Liberation Sans", Helvetica, sans-serif',
  "Times New Roman": '"Times New Roman", Times, "Liberation Serif", serif',
  Inter: '"Inter Variable", Inter, Arial, sans-serif',
  Helvetica: 'Helvetica, Arial, "Liberation Sans", sans-serif',
};

/** Labels of the signature dropdown, and its two groups in display order. */
export const SIGNATURE_PICKER = {
  placeholder: "Choose a signature template...",
  unnamedPrefix: "Template ",
  idChars: 8,
  companyGroup: "Company Templates",
  personalGroup: "Personal Templates",
} as const;

/**
 * Uploaded logos: scaled in the browser to at most 1200 px wide and
 * re-encoded, shrinking further until the data URL fits the budget, so a saved proposal with a
 * logo stays under 300 KB.
 */
export const LOGO_UPLOAD = {
  maxWidthPx: 1200,
  /** Characters of the data URL; leaves room for the rest of the document under 300 KB. */
  maxDataUrlChars: 240_000,
  quality: 0.85,
  /** Each retry scales by this much until the budget is met. */
  shrinkFactor: 0.75,
  refusedTypes: ["image/svg+xml"],
} as const;

/** The working document's autosave in the browser, so a closed tab or a crash loses nothing. */
export const AUTOSAVE = { storageKey: "proposalEditorDraft", debounceMs: 400 } as const;
