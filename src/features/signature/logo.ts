/**
 * The uploaded HTML logo (spec 3, 5): an HTML file whose first element carries the logo as inline
 * styles. Its style text is kept sanitised (issue 8: layout, size, colour, background, border and radius only).
 */
import { LOGO_STYLE_PROPERTIES } from "~/config/signature";
import { firstUrl, sanitizeStyle, styleValue } from "./css";

/** What the upload check needs of a File. */
export interface FileInfo {
  type: string;
  name: string;
}

/** True for an HTML file (spec 5: text/html); by its .html extension only when the browser gives no type. */
export function isHtmlFile({ type, name }: FileInfo): boolean {
  return type ? type === "text/html" : /\.html?$/i.test(name);
}

/** The part of a parsed document the logo is read from (a DOM Document satisfies it). */
export interface ParsedHtml {
  body: { firstElementChild: { getAttribute(name: string): string | null } | null } | null;
}

/** The sanitised style text of the body's first element, or null when there is none left (an invalid logo). */
export function logoStyleOf(doc: ParsedHtml): string | null {
  const raw = doc.body?.firstElementChild?.getAttribute("style")?.trim();
  return (raw && sanitizeLogoStyle(raw)) || null;
}

/** Parses uploaded HTML (inert: DOMParser runs no script) and returns its logo style, or null. */
export function parseLogoHtml(html: string): string | null {
  return logoStyleOf(new DOMParser().parseFromString(html, "text/html"));
}

/** The logo's style with only the allowed properties and safe URLs. */
export function sanitizeLogoStyle(style: string): string {
  return sanitizeStyle(style, LOGO_STYLE_PROPERTIES);
}

/** The image of the logo style's background (saved as the template's logoUrl), or null. */
export function logoUrlFromStyle(style: string): string | null {
  return firstUrl(styleValue(style, "background-image") ?? styleValue(style, "background"));
}

/** The logo as an image box on the card, for drawing it into the PNG export. */
export interface LogoImage {
  url: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The logo's image and pixel box when its style gives left, top, width and height in px; else null. */
export function logoImageOf(style: string): LogoImage | null {
  const url = logoUrlFromStyle(style);
  const px = (property: string) => {
    const match = /^(-?\d+(?:\.\d+)?)px$/.exec(styleValue(style, property) ?? "");
    return match ? Number(match[1]) : Number.NaN;
  };
  const box = { left: px("left"), top: px("top"), width: px("width"), height: px("height") };
  return url && Object.values(box).every(Number.isFinite) ? { url, ...box } : null;
}
