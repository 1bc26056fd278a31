/** SVG building blocks of the project illustrations: shapes, the shared frame, and recurring props. */
import type { Random } from "./random";

/** Size of every project illustration. */
export const W = 1600;
export const H = 1200;

/** A rectangle; `extra` holds further attributes. */
export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = "") =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;

/** A polygon through `pts` ("x,y x,y ..."). */
export const poly = (pts: string, fill: string, extra = "") => `<polygon points="${pts}" fill="${fill}" ${extra}/>`;

/** A straight stroke. */
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, w = 2, extra = "") =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${w}" ${extra}/>`;

// Film grain, window glass and a top shade, available to every illustration.
const defs = `
<filter id="grain" x="0" y="0" width="100%" height="100%">
  <feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="2" seed="3" result="n"/>
  <feColorMatrix in="n" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.07 0"/>
</filter>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#d9e7f2"/><stop offset="0.55" stop-color="#a9c3d8"/><stop offset="1" stop-color="#7f9db7"/>
</linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/>
</linearGradient>`;

/** A whole illustration: the shared defs, `body`, and the grain on top. */
export const frame = (
  body: string,
  extraDefs = "",
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>${defs}${extraDefs}</defs>${body}<rect width="${W}" height="${H}" filter="url(#grain)"/></svg>`;

/** A window with frame, glass gradient and a reflection streak. */
export function win(x: number, y: number, w: number, h: number, frameColor = "#f7f4ee", mullion = true): string {
  let s = rect(x - 6, y - 6, w + 12, h + 12, frameColor);
  s += rect(x, y, w, h, "url(#glass)");
  s += poly(
    `${x + w * 0.15},${y + h} ${x + w * 0.45},${y} ${x + w * 0.6},${y} ${x + w * 0.3},${y + h}`,
    "#fff",
    `opacity="0.25"`,
  );
  if (mullion) s += rect(x + w / 2 - 3, y, 6, h, frameColor);
  s += rect(x - 10, y + h + 6, w + 20, 8, frameColor);
  return s;
}

/** A live-oak style tree: trunk plus overlapping canopy circles. */
export function tree(cx: number, base: number, r: number, dark = "#3f6a3c", light = "#5f8f4f"): string {
  let s = rect(cx - r * 0.1, base - r * 1.3, r * 0.2, r * 1.3, "#5a4632");
  const blobs = [
    [0, -1.5, 1],
    [-0.75, -1.25, 0.75],
    [0.75, -1.3, 0.8],
    [-0.35, -2.05, 0.7],
    [0.45, -2.0, 0.7],
  ] as const;
  for (const [dx, dy, k] of blobs)
    s += `<circle cx="${cx + dx * r}" cy="${base + dy * r}" r="${r * k}" fill="${dark}"/>`;
  for (const [dx, dy, k] of blobs.slice(0, 3))
    s += `<circle cx="${cx + dx * r - r * 0.15}" cy="${base + dy * r - r * 0.2}" r="${r * k * 0.6}" fill="${light}" opacity="0.8"/>`;
  return s;
}

/** A rounded shrub with a lighter highlight. */
export function shrub(cx: number, base: number, r: number, c = "#4d7b45"): string {
  return `<ellipse cx="${cx}" cy="${base - r * 0.55}" rx="${r * 1.3}" ry="${r * 0.75}" fill="${c}"/><ellipse cx="${cx - r * 0.3}" cy="${base - r * 0.8}" rx="${r * 0.6}" ry="${r * 0.35}" fill="#6a9a58" opacity="0.8"/>`;
}

/** A vertical sky gradient: its definition and the full-frame rectangle that uses it. */
export function sky(top: string, bottom: string, id = "sky"): { defs: string; body: string } {
  return {
    defs: `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    body: rect(0, 0, W, H, `url(#${id})`),
  };
}

/** Distant city silhouette along the horizon, its buildings sized by `random`. */
export function skyline(random: Random, base: number, color: string, count = 26): string {
  let s = "";
  let x = -20;
  for (let i = 0; i < count && x < W; i++) {
    const w = 40 + random() * 70;
    const h = 40 + random() * (i % 5 === 2 ? 220 : 110);
    s += rect(x, base - h, w, h, color);
    x += w + random() * 12;
  }
  return s;
}

/** A wall of horizontal lap siding. */
export function lapSiding(x: number, y: number, w: number, h: number, base: string, lineColor: string, step = 14) {
  let s = rect(x, y, w, h, base);
  for (let yy = y + step; yy < y + h; yy += step) s += line(x, yy, x + w, yy, lineColor, 2);
  return s;
}
