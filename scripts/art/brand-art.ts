/** Brand images: the Open Graph card, the e-mail signature card, the default proposal logo and the icon sources. */
import { brandColors as c, logoMark, logoMarkShapes, logoMarkSvg } from "../../src/config/brand";
import { company } from "../../src/config/company";
import type { Scene } from "./scene";

/**
 * A gold outline skyline along the bottom edge from x = `from` to `width`: building widths and heights are
 * [minimum, random extra] pairs, drawn in that order from the scene's generator.
 */
function skyline(
  random: () => number,
  o: {
    from: number;
    width: number;
    base: number;
    widths: [number, number];
    heights: [number, number];
    opacity: number;
  },
): string {
  let out = "";
  for (let x = o.from; x < o.width;) {
    const bw = o.widths[0] + random() * o.widths[1],
      bh = o.heights[0] + random() * o.heights[1];
    out += `<rect x="${x}" y="${o.base - bh}" width="${bw}" height="${bh}" fill="none" stroke="${c.gold[500]}" stroke-opacity="${o.opacity}" stroke-width="2"/>`;
    x += bw + 8;
  }
  return out;
}

/** Open Graph card (1200 x 630): the mark, name, tagline and a line-art skyline. */
export const ogImage: Scene = {
  seed: 5,
  draw(random) {
    const w = 1200,
      h = 630;
    let b = `<linearGradient id="og" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.navy[950]}"/><stop offset="1" stop-color="${c.navy[700]}"/></linearGradient>`;
    b += `<pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0V40" fill="none" stroke="#fff" stroke-opacity="0.05"/></pattern>`;
    let s = `<rect width="${w}" height="${h}" fill="url(#og)"/><rect width="${w}" height="${h}" fill="url(#grid)"/>`;
    s += `<g transform="translate(80 110) scale(2.2)">${logoMarkShapes(logoMark.onDark)}</g>`;
    s += `<text x="80" y="330" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="64" fill="#fff">${company.name}</text>`;
    s += `<text x="80" y="400" font-family="DejaVu Sans, sans-serif" font-size="34" fill="${c.gold[300]}">${company.tagline}</text>`;
    s += `<text x="80" y="460" font-family="DejaVu Sans, sans-serif" font-size="26" fill="${c.navy[200]}">Multifamily and residential painting, finishing and construction in Texas</text>`;
    s += `<rect x="80" y="500" width="120" height="6" fill="${c.gold[500]}"/>`;
    const sky = skyline(random, { from: 700, width: w, base: h, widths: [50, 60], heights: [60, 70], opacity: 0.35 });
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs>${b}</defs>${s}${sky}</svg>`;
  },
};

/**
 * The e-mail signature card (644 x 259, drawn at 2x): navy with the mark and a gold rule on the left,
 * the right two thirds left quiet for the positioned text lines. Served publicly (e-mail clients load it).
 */
export const signatureBackground: Scene = {
  seed: 11,
  draw(random) {
    const w = 1288,
      h = 518;
    const gold = c.gold[500];
    let b = `<linearGradient id="sig" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.navy[950]}"/><stop offset="0.6" stop-color="${c.navy[900]}"/><stop offset="1" stop-color="${c.navy[700]}"/></linearGradient>`;
    b += `<pattern id="sgrid" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M48 0H0V48" fill="none" stroke="#fff" stroke-opacity="0.04" stroke-width="2"/></pattern>`;
    b += `<linearGradient id="rule" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${gold}" stop-opacity="0"/><stop offset="0.5" stop-color="${gold}"/><stop offset="1" stop-color="${gold}" stop-opacity="0"/></linearGradient>`;
    let s = `<rect width="${w}" height="${h}" fill="url(#sig)"/><rect width="${w}" height="${h}" fill="url(#sgrid)"/>`;
    s += `<g transform="translate(62 150) scale(2.6)">${logoMarkShapes(logoMark.onDark)}</g>`;
    s += `<rect x="298" y="60" width="4" height="${h - 120}" fill="url(#rule)"/>`;
    const sky = skyline(random, { from: 820, width: w, base: h, widths: [40, 50], heights: [40, 60], opacity: 0.22 });
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs>${b}</defs>${s}${sky}<rect x="0" y="${h - 6}" width="${w}" height="6" fill="${gold}"/></svg>`;
  },
};

/** The company logo a proposal uses until staff choose another: mark, name and tagline (600 x 240). */
export const proposalLogo: Scene = {
  seed: 71,
  draw() {
    const w = 600,
      h = 240;
    const words = company.name.split(" ");
    let s = `<g transform="translate(30 56) scale(2)">${logoMarkShapes()}</g>`;
    s += `<text x="184" y="118" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="40" fill="${c.navy[800]}">${words.slice(0, -1).join(" ")}</text>`;
    s += `<text x="186" y="156" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="22" letter-spacing="6" fill="${c.gold[700]}">${words.at(-1)?.toUpperCase()}</text>`;
    s += `<text x="186" y="190" font-family="DejaVu Sans, sans-serif" font-style="italic" font-size="19" fill="${c.navy[600]}">${company.tagline}</text>`;
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${s}</svg>`;
  },
};

/** Source of favicon.ico: the favicon's own SVG (src/pages/favicon.svg.ts serves the same text). */
export const faviconMark: Scene = { seed: 73, draw: () => logoMarkSvg() };

/** Source of apple-touch-icon.png: the mark inset on a square navy field (iOS rounds the corners itself). */
export const touchIcon: Scene = {
  seed: 79,
  draw: () =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${logoMark.viewBox}"><rect width="64" height="64" fill="${logoMark.colors.tile}"/><g transform="translate(6 6) scale(0.8125)">${logoMarkShapes()}</g></svg>`,
};
