/**
 * The printed proposal's measures and colours for the PDF, from the editor's settings: proposal.css's
 * values in CSS px and pt, scaled the way the print scales the page (a wider page is zoomed down to the
 * printable width of Letter paper), and its colour mixes computed here because a PDF has no color-mix().
 */
import { brandColors } from "~/config/brand";
import type { SentDocument } from "~/schemas/bids";
import { PRINT_PAGE, PRINTABLE_WIDTH_PX } from "~/schemas/proposal-fields";
import { FONT_STACKS } from "./fonts";

/** PDF points in an inch; the page and its margin are given in points. */
export const PT_PER_IN = 72;

/** Letter paper and its print margin, in points. */
export const PAGE = {
  width: PRINT_PAGE.widthIn * PT_PER_IN,
  height: PRINT_PAGE.heightIn * PT_PER_IN,
  margin: PRINT_PAGE.marginIn * PT_PER_IN,
} as const;

/** The embedded faces (fonts.ts) standing in for the editor's choices: a sans or a serif stack. */
const FACES: Record<SentDocument["settings"]["fontFamily"], readonly string[]> = {
  Arial: FONT_STACKS.sans,
  Helvetica: FONT_STACKS.sans,
  Inter: FONT_STACKS.sans,
  "Times New Roman": FONT_STACKS.serif,
};

/** proposal.css's fixed colours. */
export const INK = "#1b2433";
export const NAVY = brandColors.navy;
export const COLUMN_FILL = "#fcfbf8";

/** CSS color-mix(in srgb, a p%, b) for hex colours (#rgb, #rgba, #rrggbb, #rrggbbaa; alpha is ignored). */
export function mix(a: string, share: number, b: string): string {
  const [ra, ga, ba] = rgb(a);
  const [rb, gb, bb] = rgb(b);
  const channel = (x: number, y: number) =>
    Math.round(x * share + y * (1 - share))
      .toString(16)
      .padStart(2, "0");
  return `#${channel(ra, rb)}${channel(ga, gb)}${channel(ba, bb)}`;
}

function rgb(hex: string): [number, number, number] {
  let digits = hex.replace(/^#/, "");
  if (digits.length <= 4) digits = [...digits].map((d) => d + d).join("");
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) || 0) as [number, number, number];
}

/** What the proposal pages draw with: the scale, the face, the sizes and the accent's mixes. */
export interface Theme {
  /** CSS px of the editor's page to PDF points. */
  px: (n: number) => number;
  /** A font size in pt as the editor sets it, to PDF points on the zoomed page. */
  pt: (n: number) => number;
  /** The font stack: the face, then the families that draw what it lacks. */
  face: string[];
  /** The page's width in points. */
  width: number;
  lineHeight: number;
  accent: string;
  /** The h2 rule: the accent mixed 55% with white. */
  accentRule: string;
  /** h3 text: the accent darkened, readable on the pale column panel whatever accent is chosen. */
  accentText: string;
  /** The bid box's fill: 9% accent on white. */
  accentFill: string;
}

/** The theme of one document's settings. */
export function themeOf(settings: SentDocument["settings"]): Theme {
  // The print's zoom: pages wider than the printable width shrink to it, narrower ones print at their size.
  const zoom = Math.min(1, PRINTABLE_WIDTH_PX / settings.pageWidth);
  const ptPerPx = PT_PER_IN / PRINT_PAGE.cssPxPerIn;
  const accent = mix(settings.accentColor, 1, "#000000");
  return {
    px: (n) => n * ptPerPx * zoom,
    pt: (n) => n * zoom,
    face: [...FACES[settings.fontFamily]],
    width: settings.pageWidth * ptPerPx * zoom,
    lineHeight: settings.lineHeight,
    accent,
    accentRule: mix(accent, 0.55, "#ffffff"),
    accentText: mix(accent, 0.62, "#000000"),
    accentFill: mix(accent, 0.09, "#ffffff"),
  };
}
