/** The Email Signature Generator's layout, look, timings and storage keys, each defined once; the proposal editor's logo reads them too. The shapes the API checks (lines, fields, ranges, the card's size) are in schemas/signature.ts. */
import type { SignatureElementId, SignatureFormData, SignatureGlobalSettings } from "~/schemas/signature";
import { brandColors } from "~/config/brand";
import { company } from "~/config/company";

/** Shift+arrow and Page Up/Down move a slider, or a focused line, this many steps. */
export const BIG_STEP_FACTOR = 10;

/** How each line is named in the controls; slider names read e.g. "Name & title X", so each is told apart. */
export const LINE_LABELS: Record<SignatureElementId, string> = {
  "name-title": "Name & title",
  mobile: "Mobile",
  email: "Email",
  city: "City",
  quote: "Quote",
};

/** Timings: image time-out, font waits before capture, first-template auto-select delay. */
export const SIGNATURE_TIMING = {
  imageTimeoutMs: 15_000,
  cardFontWaitMs: 3000,
  htmlCardFontWaitMs: 1500,
  autoSelectDelayMs: 500,
} as const;

/** The branded background, served publicly so e-mail clients can load it too. */
export const SIGNATURE_BACKGROUND_PATH = "/email/signature-background.jpg";

/** Global offsets and scale a new signature starts with. */
export const DEFAULT_GLOBAL_SETTINGS: SignatureGlobalSettings = {
  globalX: -60,
  globalY: -35,
  globalScale: 0.95,
  lineSpacing: 8,
};

/** What Reset sets the global settings to. */
export const RESET_GLOBAL_SETTINGS: SignatureGlobalSettings = {
  globalX: 0,
  globalY: 0,
  globalScale: 0.8,
  lineSpacing: 8,
};

/** One line's placement: offset from the centre (before the global offset) and scale. */
export interface LinePlacement {
  x: number;
  y: number;
  scale: number;
}

/** Where each line of a new signature starts. */
export const DEFAULT_LINES: Record<SignatureElementId, LinePlacement> = {
  "name-title": { x: 0, y: -40, scale: 1.1 },
  mobile: { x: 15, y: -15, scale: 1.4 },
  email: { x: 25, y: 10, scale: 1 },
  city: { x: -75, y: 35, scale: 1 },
  quote: { x: -5, y: 50, scale: 1 },
};

/** Where Reset puts each line; a line's X and Y reset buttons use these too. */
export const RESET_LINES: Record<SignatureElementId, LinePlacement> = {
  "name-title": { x: 0, y: -40, scale: 1.35 },
  mobile: { x: 0, y: -10, scale: 1.2 },
  email: { x: 0, y: 15, scale: 1 },
  city: { x: 0, y: 40, scale: 1 },
  quote: { x: 0, y: 65, scale: 1 },
};

/** How a line is drawn. */
export interface LineStyle {
  fontSizePx: number;
  bold?: boolean;
  italic?: boolean;
  /** The script face (quote). */
  script?: boolean;
  paint: "gold" | "white" | "grey";
}

export const LINE_STYLES: Record<SignatureElementId, LineStyle> = {
  "name-title": { fontSizePx: 22, bold: true, paint: "gold" },
  mobile: { fontSizePx: 22, paint: "white" },
  email: { fontSizePx: 18, paint: "white" },
  city: { fontSizePx: 15, paint: "grey" },
  quote: { fontSizePx: 22, italic: true, script: true, paint: "gold" },
};

/** The gold gradient's stops, left to right, and the solid colours. */
export const SIGNATURE_COLORS = {
  gold: [brandColors.gold[100], brandColors.gold[300], brandColors.gold[500]],
  goldSolid: brandColors.gold[400],
  white: "#ffffff",
  grey: "#b8c4d4",
} as const;

/** Font stacks: the site's sans face, and the self-hosted script face for the quote. */
export const SIGNATURE_FONTS = {
  sans: '"Inter Variable", Arial, sans-serif',
  script: '"Great Vibes", cursive',
} as const;

/** The downloaded and copied HTML shifts every line this far right of the preview. */
export const EXPORT_SHIFT_X = 45;

/** File name of "Download HTML with Logo". */
export const EXPORT_FILE_NAME = "email-signature-with-logo.html";

/** localStorage keys of the user's default signature ("Set as Default"). */
export const SIGNATURE_STORAGE_KEYS = {
  elements: "defaultSignatureElements",
  globalSettings: "defaultSignatureGlobalSettings",
} as const;

/** The contact card a new signature is prefilled with: the President's, from the company facts. */
export const DEFAULT_CONTACT: SignatureFormData = {
  name: company.contacts[1].name,
  title: company.contacts[1].role,
  phone: company.contacts[1].phone.display,
  email: company.contacts[1].email,
  location: `${company.city}, ${company.region}`,
  quote: company.tagline,
};

/** Gmail refuses a signature longer than this many characters of HTML. */
export const GMAIL_SIGNATURE_LIMIT = 10_000;

/** The generator's page title, for the document title and the top bar. */
export const SIGNATURE_PAGE_TITLE = "Email Signature Generator";
