/**
 * The uploaded HTML logo: an HTML file whose first element carries the logo as inline
 * styles. Its style text is kept sanitised by the logo profile (layout, size, colour, background,
 * border and radius only).
 */
import { cssUrls, parseStyle, sanitizeStyle } from "~/lib/sanitize";

/** What the upload check needs of a File. */
export interface FileInfo {
  type: string;
  name: string;
}

/** True for an HTML file (text/html); by its .html extension only when the browser gives no type. */
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
  return (raw && sanitizeStyle("logo", raw)) || null;
}

/** Parses uploaded HTML (inert: DOMParser runs no script) and returns its logo style, or null. */
export function parseLogoHtml(html: string): string | null {
  return logoStyleOf(new DOMParser().parseFromString(html, "text/html"));
}

/** The image of the logo style's background (saved as the template's logoUrl), or null. */
export function logoUrlFromStyle(style: string): string | null {
  // The longhand holds the image whether the style set it through `background` or `background-image`.
  return cssUrls(parseStyle(style).getPropertyValue("background-image"))[0] ?? null;
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
  const parsed = parseStyle(style);
  const px = (property: string) => {
    const match = /^(-?\d+(?:\.\d+)?)px$/.exec(parsed.getPropertyValue(property));
    return match ? Number(match[1]) : Number.NaN;
  };
  const box = { left: px("left"), top: px("top"), width: px("width"), height: px("height") };
  return url && Object.values(box).every(Number.isFinite) ? { url, ...box } : null;
}
