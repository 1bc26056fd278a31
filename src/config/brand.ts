/**
 * The brand, defined once: colours and the logo mark. The header logo (LogoMark.astro), the favicon
 * (src/pages/favicon.svg.ts) and the generated art (scripts/art/) draw from here; the Tailwind theme in
 * src/styles/base.css repeats the colours because CSS cannot import them, and brand.test.ts keeps it equal.
 * Browser-safe: no imports.
 */

/** Brand palette: deep navy for trust, a warm gold for the "anchored in quality" accent. Keys are Tailwind shades. */
export const brandColors = {
  navy: {
    50: "#f2f5f9",
    100: "#e1e8f0",
    200: "#c3d0df",
    300: "#95aac3",
    600: "#34506f",
    700: "#263d58",
    800: "#1a2d44",
    900: "#112034",
    950: "#0a1524",
  },
  gold: {
    100: "#f8efd4",
    300: "#e6c76f",
    400: "#d9b04a",
    500: "#c59a2e",
    600: "#a57d1f",
    /** The text gold on white/stone (5.9:1); gold-500 is for fills and text on navy only. */
    700: "#7e5e17",
  },
  stone: { 50: "#faf9f7" },
} as const;

/** The two colours the mark is drawn in. */
export interface MarkColors {
  tile: string;
  anchor: string;
}

/** The logo mark: a gold anchor on a rounded navy tile, drawn on a 64 x 64 grid. */
export const logoMark = {
  size: 64,
  viewBox: "0 0 64 64",
  tileRadius: 14,
  strokeWidth: 5,
  ring: { cx: 32, cy: 15, r: 5 },
  anchorPath: "M32 20v32M22 28h20M14 38c2 9 9 14 18 14s16-5 18-14M14 38l-4 4M14 38l5 2M50 38l4 4M50 38l-5 2",
  /** Header, favicon, touch icon, proposal logo. */
  colors: { tile: brandColors.navy[800], anchor: brandColors.gold[400] },
  /** On the navy-950 artwork (Open Graph card, signature card) the tile melts into the background. */
  onDark: { tile: brandColors.navy[950], anchor: brandColors.gold[500] },
} as const;

/** The mark's shapes (tile and anchor) in its 64 x 64 user space, for an <svg> or a <g transform> to hold. */
export function logoMarkShapes(colors: MarkColors = logoMark.colors): string {
  const { size, tileRadius, strokeWidth, ring, anchorPath } = logoMark;
  return (
    `<rect width="${size}" height="${size}" rx="${tileRadius}" fill="${colors.tile}"/>` +
    `<g fill="none" stroke="${colors.anchor}" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round">` +
    `<circle cx="${ring.cx}" cy="${ring.cy}" r="${ring.r}"/><path d="${anchorPath}"/></g>`
  );
}

/** The mark as a standalone SVG document: the favicon, and the source of the raster icons. */
export function logoMarkSvg(colors: MarkColors = logoMark.colors): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${logoMark.viewBox}">${logoMarkShapes(colors)}</svg>\n`;
}
