/** Email Signature Generator constants (spec 9), each defined once; also used by the proposal editor's logo. */
import type { SignatureFormData, SignatureGlobalSettings } from "~/schemas/signature";
import { brandColors } from "./brand";
import { company } from "./company";

/** The five fixed signature lines (spec 3), in drawing order. */
export const SIGNATURE_ELEMENT_IDS = ["name-title", "mobile", "email", "city", "quote"] as const;
export type SignatureElementId = (typeof SIGNATURE_ELEMENT_IDS)[number];

/** Contact fields of the signature generator (spec 3), in the order the form shows them. */
export const SIGNATURE_FIELDS = ["name", "title", "phone", "email", "location", "quote"] as const;
export type SignatureField = (typeof SIGNATURE_FIELDS)[number];

/**
 * Slider ranges (spec 5). Dragging and keyboard nudging keep a line inside its X and Y ranges too,
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

/** Shift+arrow and Page Up/Down move a slider, or a focused line, this many steps (spec 5). */
export const BIG_STEP_FACTOR = 10;

/** How each line is named in the controls; slider names read e.g. "Name & title X" (issue 8). */
export const LINE_LABELS: Record<SignatureElementId, string> = {
  "name-title": "Name & title",
  mobile: "Mobile",
  email: "Email",
  city: "City",
  quote: "Quote",
};

/** The card: 644 x 259, lines placed from its centre (322, 130), captured at 2x. */
export const SIGNATURE_CANVAS = { width: 644, height: 259, centerX: 322, centerY: 130, captureScale: 2 } as const;

/** Spec 9 timings: image time-out, font waits before capture, first-template auto-select delay. */
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

/** What Reset sets the global settings to (spec 9, "Reset values"). */
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

/** Where each line starts (spec 9, "Signature default lines"). */
export const DEFAULT_LINES: Record<SignatureElementId, LinePlacement> = {
  "name-title": { x: 0, y: -40, scale: 1.1 },
  mobile: { x: 15, y: -15, scale: 1.4 },
  email: { x: 25, y: 10, scale: 1 },
  city: { x: -75, y: 35, scale: 1 },
  quote: { x: -5, y: 50, scale: 1 },
};

/** Where Reset puts each line (spec 9, "Reset values"). */
export const RESET_LINES: Record<SignatureElementId, LinePlacement> = {
  "name-title": { x: 0, y: -40, scale: 1.35 },
  mobile: { x: 0, y: -10, scale: 1.2 },
  email: { x: 0, y: 15, scale: 1 },
  city: { x: 0, y: 40, scale: 1 },
  quote: { x: 0, y: 65, scale: 1 },
};

/** How a line is drawn (spec 9, "Signature fonts"). */
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

/** The downloaded and copied HTML shifts every line this far right of the preview (spec 9). */
export const EXPORT_SHIFT_X = 45;

/** File name of "Download HTML with Logo". */
export const EXPORT_FILE_NAME = "email-signature-with-logo.html";

/** localStorage keys of the user's default signature (spec 3). */
export const SIGNATURE_STORAGE_KEYS = {
  elements: "defaultSignatureElements",
  globalSettings: "defaultSignatureGlobalSettings",
} as const;

/** The contact card a new signature is prefilled with (spec 3: sample company data). */
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

/**
 * The Gmail/Outlook image export: a PNG of the composed card at the capture scale, stored by the API
 * under its SHA-256 and served from this site, immutable. Bounded so one upload cannot fill the table.
 */
export const SIGNATURE_IMAGE = {
  uploadPath: "/api/portal/signature-images",
  servePath: "/api/signature-images",
  maxBytes: 3 * 1024 * 1024,
  /**
   * The PNG travels as a base64 data URL in JSON: Netlify's local functions emulation corrupts raw
   * binary request bodies, and JSON bodies behave the same everywhere.
   */
  maxBodyBytes: Math.ceil((3 * 1024 * 1024 * 4) / 3) + 1024,
  /** A year: the URL names the content, so it never changes. */
  cacheControl: "public, max-age=31536000, immutable",
} as const;

/**
 * The uploaded HTML logo's style text keeps only these properties (layout, size, colour, background,
 * border, radius); anything else is dropped before it is drawn, saved or exported.
 */
export const LOGO_STYLE_PROPERTIES = [
  "position",
  "top",
  "right",
  "bottom",
  "left",
  "display",
  "box-sizing",
  "overflow",
  "width",
  "height",
  "min-width",
  "min-height",
  "max-width",
  "max-height",
  "margin",
  "margin-top",
  "margin-right",
  "margin-bottom",
  "margin-left",
  "padding",
  "padding-top",
  "padding-right",
  "padding-bottom",
  "padding-left",
  "color",
  "opacity",
  "background",
  "background-color",
  "background-image",
  "background-size",
  "background-position",
  "background-repeat",
  "border",
  "border-top",
  "border-right",
  "border-bottom",
  "border-left",
  "border-color",
  "border-style",
  "border-width",
  "border-radius",
] as const;

/**
 * What a stored template's htmlContent may use when it is rendered (DOMPurify allow-list): the
 * tags and attributes of the exports, and in its style attributes the logo's properties plus text ones.
 */
export const SIGNATURE_HTML_ALLOW = {
  tags: ["table", "tbody", "thead", "tr", "td", "th", "div", "span", "p", "a", "img", "br", "b", "strong", "i", "em"],
  attributes: [
    "style",
    "href",
    "src",
    "alt",
    "title",
    "width",
    "height",
    "cellpadding",
    "cellspacing",
    "border",
    "role",
    "valign",
    "align",
  ],
  /** Links may call or mail; images and backgrounds as SAFE_IMAGE_URL. */
  uri: /^(?:https:|mailto:|tel:|data:image\/(?:png|jpeg|webp|gif);base64,)/i,
  styleProperties: [
    ...LOGO_STYLE_PROPERTIES,
    "font",
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "line-height",
    "white-space",
    "text-align",
    "text-decoration",
    "letter-spacing",
    "vertical-align",
    "border-collapse",
    "transform",
    "transform-origin",
    "-webkit-transform",
    "-webkit-transform-origin",
    "background-clip",
    "-webkit-background-clip",
    "-webkit-text-fill-color",
  ],
} as const;

/** URLs a logo style, a saved logoUrl or exported HTML may point at: https, or an inline raster image. */
export const SAFE_IMAGE_URL = /^(?:https:\/\/[^\s"'()\\<>]+|data:image\/(?:png|jpeg|webp|gif);base64,[a-z0-9+/=\s]+)$/i;

/** The generator's page title (spec 2), for the document title and the top bar. */
export const SIGNATURE_PAGE_TITLE = "Email Signature Generator";
