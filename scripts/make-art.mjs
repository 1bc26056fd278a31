// Generates the site's original artwork (project illustrations, OG image, favicons) from SVG authored here.
// Run: node scripts/make-art.mjs. Outputs are committed; astro:assets turns the sources into AVIF/WebP.
import sharp from "sharp";
import { mkdir, writeFile } from "node:fs/promises";
import { company } from "../src/config/company.ts";

const W = 1600;
const H = 1200;
const NAVY = "#1a2d44";
const GOLD = "#c59a2e";

let seed = 7;
const rnd = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

const rect = (x, y, w, h, fill, extra = "") =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;
const poly = (pts, fill, extra = "") => `<polygon points="${pts}" fill="${fill}" ${extra}/>`;
const line = (x1, y1, x2, y2, stroke, w = 2, extra = "") =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${w}" ${extra}/>`;

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

const frame = (
  body,
  extraDefs = "",
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>${defs}${extraDefs}</defs>${body}<rect width="${W}" height="${H}" filter="url(#grain)"/></svg>`;

/** A window with frame, glass gradient and a reflection streak. */
function win(x, y, w, h, frameColor = "#f7f4ee", mullion = true) {
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
function tree(cx, base, r, dark = "#3f6a3c", light = "#5f8f4f") {
  let s = rect(cx - r * 0.1, base - r * 1.3, r * 0.2, r * 1.3, "#5a4632");
  const blobs = [
    [0, -1.5, 1],
    [-0.75, -1.25, 0.75],
    [0.75, -1.3, 0.8],
    [-0.35, -2.05, 0.7],
    [0.45, -2.0, 0.7],
  ];
  for (const [dx, dy, k] of blobs)
    s += `<circle cx="${cx + dx * r}" cy="${base + dy * r}" r="${r * k}" fill="${dark}"/>`;
  for (const [dx, dy, k] of blobs.slice(0, 3))
    s += `<circle cx="${cx + dx * r - r * 0.15}" cy="${base + dy * r - r * 0.2}" r="${r * k * 0.6}" fill="${light}" opacity="0.8"/>`;
  return s;
}

function shrub(cx, base, r, c = "#4d7b45") {
  return `<ellipse cx="${cx}" cy="${base - r * 0.55}" rx="${r * 1.3}" ry="${r * 0.75}" fill="${c}"/><ellipse cx="${cx - r * 0.3}" cy="${base - r * 0.8}" rx="${r * 0.6}" ry="${r * 0.35}" fill="#6a9a58" opacity="0.8"/>`;
}

function sky(top, bottom, id = "sky") {
  return {
    defs: `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    body: rect(0, 0, W, H, `url(#${id})`),
  };
}

/** Distant city silhouette along the horizon. */
function skyline(base, color, count = 26) {
  let s = "";
  let x = -20;
  for (let i = 0; i < count && x < W; i++) {
    const w = 40 + rnd() * 70;
    const h = 40 + rnd() * (i % 5 === 2 ? 220 : 110);
    s += rect(x, base - h, w, h, color);
    x += w + rnd() * 12;
  }
  return s;
}

function lapSiding(x, y, w, h, base, lineColor, step = 14) {
  let s = rect(x, y, w, h, base);
  for (let yy = y + step; yy < y + h; yy += step) s += line(x, yy, x + w, yy, lineColor, 2);
  return s;
}

// 1. Garden-style apartment community, fresh exterior repaint.
function apartmentsExterior() {
  seed = 11;
  const sk = sky("#8fb3d1", "#f4dcb4");
  let b = sk.body;
  b += `<circle cx="1260" cy="300" r="120" fill="#fff3d6" opacity="0.55"/>`;
  b += skyline(640, "#b9c7d3");
  const ground = 930;
  const floors = 3;
  const fh = 170;
  const top = ground - floors * fh;
  const bays = [
    { x: 80, w: 330, kind: "stucco" },
    { x: 410, w: 250, kind: "siding" },
    { x: 660, w: 190, kind: "stair" },
    { x: 850, w: 330, kind: "stucco" },
    { x: 1180, w: 340, kind: "siding" },
  ];
  for (const bay of bays) {
    const t = bay.kind === "stair" ? top - 70 : top;
    // roof
    b += poly(`${bay.x - 20},${t} ${bay.x + bay.w / 2},${t - 110} ${bay.x + bay.w + 20},${t}`, "#3a4250");
    b += poly(
      `${bay.x + bay.w / 2},${t - 110} ${bay.x + bay.w + 20},${t} ${bay.x + bay.w / 2},${t}`,
      "#2d3440",
      `opacity="0.6"`,
    );
    if (bay.kind === "stucco") b += rect(bay.x, t, bay.w, ground - t, "#ece3d3");
    else if (bay.kind === "siding") b += lapSiding(bay.x, t, bay.w, ground - t, "#46607d", "#3b5270");
    else b += rect(bay.x, t, bay.w, ground - t, "#d9cdb8");
    b += rect(bay.x, t, bay.w, 22, "url(#shade)");
    for (let f = 0; f < floors; f++) {
      const fy = ground - (f + 1) * fh;
      if (bay.kind === "stair") {
        b += rect(bay.x + 50, fy + 40, bay.w - 100, 110, "#2b3644");
        b += line(bay.x + 55, fy + 145, bay.x + bay.w - 55, fy + 60, "#c9c2b4", 10);
        continue;
      }
      const nw = bay.kind === "stucco" ? 2 : 2;
      for (let i = 0; i < nw; i++) {
        const wx = bay.x + 45 + (i * (bay.w - 90)) / nw + 15;
        b += win(wx, fy + 38, (bay.w - 90) / nw - 50, 80);
      }
      if (bay.kind === "stucco") {
        // balcony
        b += rect(bay.x + 30, fy + 128, bay.w - 60, 12, "#cfc5b3");
        for (let rx = bay.x + 36; rx < bay.x + bay.w - 30; rx += 14) b += line(rx, fy + 128, rx, fy + 82, "#27384d", 3);
        b += rect(bay.x + 30, fy + 78, bay.w - 60, 7, "#27384d");
      }
    }
    // floor bands
    for (let f = 1; f < floors; f++) b += rect(bay.x, ground - f * fh - 4, bay.w, 8, "#f7f3ea", `opacity="0.8"`);
  }
  // ground
  b += rect(0, ground, W, 60, "#86a866");
  b += rect(0, ground + 60, W, 40, "#dcd5c8");
  b += rect(0, ground + 100, W, H - ground - 100, "#4b5058");
  for (let x = 60; x < W; x += 190) b += line(x, ground + 130, x - 60, H, "#f2efe6", 6);
  for (const [x, r] of [
    [40, 95],
    [560, 70],
    [1000, 80],
    [1560, 100],
  ])
    b += tree(x, ground + 40, r);
  for (let x = 120; x < W; x += 160) b += shrub(x, ground + 22, 30);
  return frame(b, sk.defs);
}

// 2. Apartment interior after a unit turn: fresh paint, new LVP, white trim.
function unitInterior() {
  seed = 23;
  const L = 320,
    R = 1280,
    T = 170,
    B = 820;
  let b = "";
  b += poly(`0,0 ${W},0 ${R},${T} ${L},${T}`, "#f4f1ea"); // ceiling
  b += poly(`0,0 ${L},${T} ${L},${B} 0,${H}`, "#cfc6b6"); // left wall
  b += poly(`${W},0 ${R},${T} ${R},${B} ${W},${H}`, "#d8d0c1"); // right wall
  b += rect(L, T, R - L, B - T, "#e4ddcf"); // back wall
  b += `<radialGradient id="light" cx="0.5" cy="0.4" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
  b += rect(L, T, R - L, B - T, "url(#light)");
  // floor planks in perspective
  b += poly(`${L},${B} ${R},${B} ${W},${H} 0,${H}`, "#b08b63");
  for (let i = 0; i <= 16; i++) {
    const bx = L + ((R - L) * i) / 16;
    const fx = (W * i) / 16;
    b += line(bx, B, fx, H, "#8f6c49", 3);
  }
  for (let k = 1; k < 6; k++) {
    const t = k / 6;
    const y = B + (H - B) * t * t;
    for (let i = 0; i < 16; i++) {
      if (rnd() < 0.45) continue;
      const x0 = L - L * t * t + ((R - L + 2 * L * t * t) * (i + 0.5)) / 16;
      b += line(x0 - 20 - 30 * t, y, x0 + 20 + 30 * t, y, "#9a7752", 2);
    }
  }
  // baseboards
  b += rect(L, B - 22, R - L, 22, "#fbfaf6");
  b += poly(`0,${H - 40} ${L},${B - 22} ${L},${B} 0,${H}`, "#f3f1ea");
  b += poly(`${W},${H - 40} ${R},${B - 22} ${R},${B} ${W},${H}`, "#f3f1ea");
  // window
  b += rect(520, 260, 460, 330, "#fbfaf6");
  b += `<linearGradient id="out" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cc2e0"/><stop offset="1" stop-color="#e7f0f5"/></linearGradient>`;
  b += rect(540, 280, 420, 290, "url(#out)");
  b += tree(640, 600, 70, "#6f9a62", "#8cb47a");
  b += rect(745, 280, 10, 290, "#fbfaf6") + rect(540, 420, 420, 10, "#fbfaf6");
  b += rect(500, 590, 500, 16, "#fbfaf6");
  // sunlight patch on floor
  b += poly(`560,${B + 10} 960,${B + 10} 1120,${H - 120} 520,${H - 120}`, "#fff", `opacity="0.12"`);
  // door on right wall
  b += poly(`1340,${T + 160} 1460,${T + 100} 1460,${B + 150} 1340,${B + 50}`, "#f7f5ef");
  b += poly(`1352,${T + 172} 1448,${T + 124} 1448,${B + 128} 1352,${B + 40}`, "#ece8df");
  b += `<circle cx="1362" cy="${B - 150}" r="8" fill="${GOLD}"/>`;
  // painter's ladder, tray and bucket
  b += poly(`180,${H - 60} 260,560 290,560 230,${H - 60}`, "#c9a24a");
  b += poly(`350,${H - 60} 290,560 310,560 395,${H - 60}`, "#b08a3a");
  for (let y = 680; y < H - 80; y += 110) b += line(200 + (H - y) * 0.06, y, 360 - (H - y) * 0.06, y, "#8c6d2c", 10);
  b += rect(250, 540, 75, 30, "#a88436");
  b += `<ellipse cx="470" cy="${H - 70}" rx="90" ry="22" fill="#d8d3c7"/>`;
  b +=
    rect(420, H - 170, 100, 100, "#eef0f2") +
    `<ellipse cx="470" cy="${H - 170}" rx="50" ry="14" fill="#e4ddcf"/>` +
    rect(420, H - 140, 100, 34, NAVY);
  b += poly(`560,${H - 60} 700,${H - 60} 680,${H - 95} 580,${H - 95}`, "#aab3bd");
  b += rect(600, H - 90, 60, 22, "#e4ddcf");
  b += rect(610, H - 150, 12, 70, "#555") + rect(590, H - 170, 90, 26, "#f5f1e6", `rx="8"`);
  return frame(b);
}

// 3. Mid-rise new construction with scaffolding and a tower crane.
function midriseConstruction() {
  seed = 37;
  const sk = sky("#6f9dc6", "#dcebf4", "sky3");
  let b = sk.body;
  b += skyline(700, "#a9bccd", 30);
  // crane
  b += line(1300, 1000, 1300, 120, "#d8a73a", 16);
  for (let y = 140; y < 1000; y += 40) b += line(1292, y, 1308, y + 40, "#b88a2a", 3);
  b +=
    line(900, 140, 1500, 140, "#d8a73a", 14) +
    line(1300, 60, 1050, 140, "#8a6a25", 3) +
    line(1300, 60, 1480, 140, "#8a6a25", 3);
  b += rect(1440, 140, 50, 40, "#5a6270") + line(1020, 140, 1020, 380, "#333", 2) + rect(1000, 380, 40, 30, "#5a6270");
  const ground = 980,
    x0 = 140,
    x1 = 1240,
    fh = 150,
    floors = 5,
    top = ground - floors * fh;
  b += rect(x0, top, x1 - x0, ground - top, "#e9e4da");
  // podium
  b += rect(x0, ground - fh, x1 - x0, fh, "#4a5563");
  for (let x = x0 + 40; x < x1 - 120; x += 170) b += win(x, ground - fh + 30, 120, 100, "#2d3540", false);
  // facade panels
  for (let f = 1; f < floors; f++) {
    const fy = ground - (f + 1) * fh;
    for (let i = 0; i < 6; i++) {
      const px = x0 + 20 + i * 180;
      if (i % 3 === 1) b += rect(px - 20, fy, 180, fh, "#b9875a");
      else if (i % 3 === 2) b += rect(px - 20, fy, 180, fh, "#2f3b4a");
      b += win(px + 20, fy + 30, 110, 90, "#f7f4ee");
    }
  }
  b += rect(x0 - 10, top - 20, x1 - x0 + 20, 24, "#3a4250");
  // scaffolding on the right third
  const sx = 820;
  b += rect(sx, top - 10, x1 - sx + 40, ground - top + 10, "#1d2733", `opacity="0.12"`);
  for (let x = sx; x <= x1 + 40; x += 70) b += line(x, top - 30, x, ground, "#7b8694", 6);
  for (let y = top + 10; y < ground; y += fh / 2) {
    b += rect(sx - 5, y, x1 - sx + 50, 10, GOLD);
    b += line(sx, y + 10, sx + 70, y + fh / 2, "#7b8694", 3);
  }
  b += rect(0, ground, W, H - ground, "#a39a88");
  b += rect(0, ground, W, 18, "#8d846f");
  // site fence, pallets
  for (let x = 0; x < W; x += 24) b += line(x, ground + 40, x, ground + 150, "#6b7480", 3);
  b += rect(0, ground + 40, W, 8, "#6b7480") + rect(0, ground + 60, W, 60, NAVY, `opacity="0.85"`);
  b += `<text x="${W / 2}" y="${ground + 102}" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="700" letter-spacing="8" text-anchor="middle" fill="${GOLD}">${company.tagline.toUpperCase()}</text>`;
  return frame(b, sk.defs);
}

// 4. Two-story Texas home: brick base, fresh siding paint, cedar fence.
function houseExterior() {
  seed = 41;
  const sk = sky("#86b0d6", "#eef3f1", "sky4");
  let b = sk.body;
  b += `<pattern id="brick" width="60" height="28" patternUnits="userSpaceOnUse"><rect width="60" height="28" fill="#b06a4c"/><path d="M0 13.5H60M0 27.5H60M20 0V14M50 14V28" stroke="#e3d6c6" stroke-width="2.5"/></pattern>`;
  const ground = 960;
  b += tree(120, 900, 120, "#3c6239", "#577f4a") + tree(1480, 900, 130, "#3c6239", "#577f4a");
  // main house
  b += poly(`300,520 620,260 940,520`, "#3d4452"); // left gable
  b += poly(`860,470 1140,300 1420,470`, "#3d4452"); // right gable (garage wing)
  b += lapSiding(340, 500, 560, 160, "#e9e6dd", "#d2cdc0", 16);
  b += poly(`360,520 620,300 880,520`, "#ebe8df");
  b += `<circle cx="620" cy="430" r="38" fill="url(#glass)" stroke="#fbfaf6" stroke-width="10"/>`;
  b += rect(340, 660, 560, ground - 660, "url(#brick)");
  b += lapSiding(900, 470, 480, ground - 470, "#e9e6dd", "#d2cdc0", 16);
  // windows with navy shutters
  for (const [x, y] of [
    [400, 540],
    [760, 540],
    [400, 730],
  ]) {
    b += rect(x - 34, y - 6, 24, 112, NAVY) + rect(x + 100, y - 6, 24, 112, NAVY);
    b += win(x, y, 90, 100);
  }
  // porch + door
  b += rect(560, 640, 240, 20, "#f7f5ef");
  b += poly(`540,650 680,600 820,650`, "#3d4452");
  for (const x of [570, 775]) b += rect(x, 660, 16, ground - 660, "#f7f5ef");
  b += rect(640, 700, 80, ground - 700, NAVY) + `<circle cx="705" cy="${(700 + ground) / 2}" r="6" fill="${GOLD}"/>`;
  b += rect(640, 700, 80, 36, "url(#glass)", `opacity="0.7"`);
  // garage
  b += rect(960, 690, 360, ground - 690, "#f4f2ec");
  for (let y = 706; y < ground; y += 54) for (let x = 976; x < 1310; x += 84) b += rect(x, y, 72, 42, "#e6e2d8");
  b += win(1020, 540, 100, 90) + win(1180, 540, 100, 90);
  // ground, walk, drive, fence
  b += rect(0, ground, W, H - ground, "#7fa15e");
  b += poly(`960,${ground} 1320,${ground} 1460,${H} 900,${H}`, "#d9d3c6");
  b += poly(`650,${ground} 710,${ground} 760,${H} 560,${H}`, "#e2dccf");
  for (let x = 0; x < 300; x += 22) b += rect(x, ground - 130, 20, 150, x % 44 ? "#a8764e" : "#9a6b45");
  for (let x = 1430; x < W; x += 22) b += rect(x, ground - 130, 20, 150, x % 44 ? "#a8764e" : "#9a6b45");
  for (const x of [380, 470, 850]) b += shrub(x, ground + 20, 42);
  return frame(b, sk.defs);
}

// 5. Kitchen: navy lowers with brass pulls, white shaker uppers, new trim.
function kitchen() {
  seed = 53;
  let b = "";
  b += `<pattern id="tile" width="64" height="32" patternUnits="userSpaceOnUse"><rect width="64" height="32" fill="#f6f4ef"/><path d="M0 31H64M32 0V16M0 16H64M0 16V32" stroke="#d7d2c8" stroke-width="2"/></pattern>`;
  b += rect(0, 0, W, H, "#e7e1d5");
  b += rect(0, 0, W, 70, "#f6f3ed") + rect(0, 70, W, 20, "#fbfaf6"); // crown molding
  // uppers
  for (let x = 60; x < W - 60; x += 180) {
    if (x > 600 && x < 1000) continue;
    b +=
      rect(x, 110, 170, 330, "#fbfaf6") +
      rect(x + 18, 128, 134, 294, "#f0ede6") +
      rect(x + 26, 136, 118, 278, "#fbfaf6");
    b += rect(x + (x % 360 ? 20 : 140), 380, 8, 40, "#b08a3a");
  }
  // window over sink
  b += rect(640, 130, 320, 330, "#fbfaf6");
  b += `<linearGradient id="out5" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a9cbe4"/><stop offset="1" stop-color="#eaf2e6"/></linearGradient>`;
  b +=
    rect(660, 150, 280, 290, "url(#out5)") +
    tree(760, 470, 60, "#6f9a62", "#8cb47a") +
    rect(795, 150, 10, 290, "#fbfaf6");
  // backsplash + counter
  b += rect(0, 440, W, 200, "url(#tile)");
  b += rect(0, 630, W, 34, "#f2f0ec") + rect(0, 664, W, 8, "#cfcac0");
  // lowers
  b += rect(0, 672, W, 360, "#26405e");
  for (let x = 40; x < W - 40; x += 190) {
    b += rect(x, 700, 176, 300, "#2e4c6e") + rect(x + 16, 716, 144, 268, "#26405e");
    b += rect(x + 70, 740, 36, 8, "#c9a24a", `rx="4"`);
  }
  b += rect(0, 1032, W, 18, "#1b2e45");
  b += rect(0, 1050, W, H - 1050, "#b89570");
  for (let x = -40; x < W; x += 150) b += line(x, 1050, x + 60, H, "#9d7b57", 3);
  // sink + faucet
  b +=
    rect(700, 630, 200, 12, "#c8cbd0") +
    `<path d="M800 630 V575 q0 -30 30 -30 h20" stroke="#b08a3a" stroke-width="10" fill="none"/>`;
  // pendants
  for (const x of [360, 1240])
    b +=
      line(x, 0, x, 220, "#333", 3) +
      poly(`${x - 50},280 ${x - 28},220 ${x + 28},220 ${x + 50},280`, GOLD) +
      `<ellipse cx="${x}" cy="286" rx="36" ry="10" fill="#fff6d8"/>`;
  // counter items
  b += rect(1080, 560, 70, 70, "#fbfaf6", `rx="10"`) + shrub(1115, 565, 30, "#4f7f4a");
  b += rect(240, 540, 160, 90, "#c3a27d", `rx="6"`);
  return frame(b);
}

// 6. Living room: accent wall, wainscoting, crown molding, finished floors.
function livingRoom() {
  seed = 67;
  let b = "";
  b += rect(0, 0, W, H, "#2f4a48"); // deep green accent wall
  b += rect(0, 0, W, 60, "#f6f3ec") + rect(0, 60, W, 18, "#ebe6db");
  // wainscoting panels
  b += rect(0, 560, W, 20, "#f6f3ec") + rect(0, 580, W, 360, "#2b4341");
  for (let x = 40; x < W; x += 220) b += rect(x, 610, 180, 290, "none", `stroke="#f1ede4" stroke-width="10"`);
  // framed art
  b += rect(980, 200, 380, 260, "#c9a24a") + rect(996, 216, 348, 228, "#f2ead8");
  b +=
    poly(`1000,440 1110,320 1190,390 1260,300 1340,440`, "#5e7b8f") +
    `<circle cx="1270" cy="270" r="24" fill="#e0b35a"/>`;
  // fireplace
  b += rect(160, 300, 520, 640, "#f4f1ea") + rect(140, 290, 560, 40, "#fbfaf6");
  b += rect(260, 560, 320, 380, "#1f2428") + rect(280, 580, 280, 360, "#2c3237");
  b += `<path d="M360 900 q40 -120 70 -40 q20 -90 60 10 q20 -40 30 30 Z" fill="#e8a13a" opacity="0.9"/>`;
  b += rect(240, 380, 360, 140, "#e9e4d9") + shrub(300, 290, 28, "#4f7f4a");
  // floor
  b += rect(0, 940, W, H - 940, "#a9825a");
  for (let y = 960; y < H; y += 34) b += line(0, y, W, y, "#93704c", 2);
  b += rect(0, 930, W, 20, "#f6f3ec");
  // rug + sofa
  b += `<ellipse cx="1100" cy="1110" rx="420" ry="70" fill="#d9cbb4"/>`;
  b += rect(800, 700, 620, 180, "#cfc3ae", `rx="30"`) + rect(760, 780, 700, 170, "#ddd2bf", `rx="34"`);
  b += rect(800, 940, 20, 40, "#5a4632") + rect(1400, 940, 20, 40, "#5a4632");
  b += rect(860, 730, 150, 110, NAVY, `rx="18"`) + rect(1220, 730, 150, 110, GOLD, `rx="18"`);
  // plant
  b += rect(1480, 860, 80, 90, "#f4f1ea", `rx="8"`) + shrub(1520, 870, 60, "#3f6a3c");
  return frame(b);
}

/** Open Graph card: brand block, tagline and a line-art skyline. */
function ogImage() {
  const w = 1200,
    h = 630;
  let b = `<linearGradient id="og" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0a1524"/><stop offset="1" stop-color="#263d58"/></linearGradient>`;
  b += `<pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0V40" fill="none" stroke="#fff" stroke-opacity="0.05"/></pattern>`;
  let s = `<rect width="${w}" height="${h}" fill="url(#og)"/><rect width="${w}" height="${h}" fill="url(#grid)"/>`;
  s += `<g transform="translate(80 110) scale(2.2)">${anchorMark(GOLD, "#0a1524")}</g>`;
  s += `<text x="80" y="330" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="64" fill="#fff">${company.name}</text>`;
  s += `<text x="80" y="400" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#e6c76f">${company.tagline}</text>`;
  s += `<text x="80" y="460" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#c3d0df">Multifamily and residential painting, finishing and construction in Texas</text>`;
  s += `<rect x="80" y="500" width="120" height="6" fill="${GOLD}"/>`;
  let sky = "";
  seed = 5;
  let x = 700;
  while (x < w) {
    const bw = 50 + rnd() * 60,
      bh = 60 + rnd() * 70;
    sky += `<rect x="${x}" y="${h - bh}" width="${bw}" height="${bh}" fill="none" stroke="#c59a2e" stroke-opacity="0.35" stroke-width="2"/>`;
    x += bw + 8;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs>${b}</defs>${s}${sky}</svg>`;
}

/**
 * The e-mail signature card (644 x 259, drawn at 2x): navy with the mark and a gold rule on the left,
 * the right two thirds left quiet for the positioned text lines. Served publicly (e-mail clients load it).
 */
function signatureBackground() {
  const w = 1288,
    h = 518;
  let b = `<linearGradient id="sig" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0a1524"/><stop offset="0.6" stop-color="#112034"/><stop offset="1" stop-color="#263d58"/></linearGradient>`;
  b += `<pattern id="sgrid" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M48 0H0V48" fill="none" stroke="#fff" stroke-opacity="0.04" stroke-width="2"/></pattern>`;
  b += `<linearGradient id="rule" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${GOLD}" stop-opacity="0"/><stop offset="0.5" stop-color="${GOLD}"/><stop offset="1" stop-color="${GOLD}" stop-opacity="0"/></linearGradient>`;
  let s = `<rect width="${w}" height="${h}" fill="url(#sig)"/><rect width="${w}" height="${h}" fill="url(#sgrid)"/>`;
  s += `<g transform="translate(62 150) scale(2.6)">${anchorMark(GOLD, "#0a1524")}</g>`;
  s += `<rect x="298" y="60" width="4" height="${h - 120}" fill="url(#rule)"/>`;
  let sky = "";
  seed = 11;
  let x = 820;
  while (x < w) {
    const bw = 40 + rnd() * 50,
      bh = 40 + rnd() * 60;
    sky += `<rect x="${x}" y="${h - bh}" width="${bw}" height="${bh}" fill="none" stroke="${GOLD}" stroke-opacity="0.22" stroke-width="2"/>`;
    x += bw + 8;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs>${b}</defs>${s}${sky}<rect x="0" y="${h - 6}" width="${w}" height="6" fill="${GOLD}"/></svg>`;
}

/** The company logo a proposal uses until staff choose another: mark, name and tagline (600 x 240). */
function proposalLogo() {
  const w = 600,
    h = 240;
  let s = `<g transform="translate(30 56) scale(2)">${anchorMark()}</g>`;
  s += `<text x="184" y="118" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="40" fill="${NAVY}">${company.name.split(" ").slice(0, -1).join(" ")}</text>`;
  s += `<text x="186" y="156" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="22" letter-spacing="6" fill="#7e5e17">${company.name.split(" ").at(-1).toUpperCase()}</text>`;
  s += `<text x="186" y="190" font-family="DejaVu Sans, sans-serif" font-style="italic" font-size="19" fill="#34506f">${company.tagline}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${s}</svg>`;
}

/** The logo mark on a 64x64 grid: rounded navy tile with a gold anchor. Mirrors src/components/LogoMark.astro. */
function anchorMark(fg = GOLD, bg = NAVY) {
  return `<rect width="64" height="64" rx="14" fill="${bg}"/><g fill="none" stroke="${fg}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"><circle cx="32" cy="15" r="5"/><path d="M32 20v32M22 28h20M14 38c2 9 9 14 18 14s16-5 18-14M14 38l-4 4M14 38l5 2M50 38l4 4M50 38l-5 2"/></g>`;
}

/** Wraps a PNG in a one-image ICO container (ICO accepts embedded PNG). */
function pngToIco(png, size) {
  const h = Buffer.alloc(22);
  h.writeUInt16LE(0, 0); // reserved
  h.writeUInt16LE(1, 2); // type: icon
  h.writeUInt16LE(1, 4); // one image
  h.writeUInt8(size, 6);
  h.writeUInt8(size, 7);
  h.writeUInt16LE(1, 10); // colour planes
  h.writeUInt16LE(32, 12); // bits per pixel
  h.writeUInt32LE(png.length, 14);
  h.writeUInt32LE(22, 18); // image data offset
  return Buffer.concat([h, png]);
}

const art = {
  "apartments-exterior": apartmentsExterior,
  "unit-interior": unitInterior,
  "midrise-construction": midriseConstruction,
  "house-exterior": houseExterior,
  kitchen,
  "living-room": livingRoom,
};

await mkdir("src/assets/projects", { recursive: true });
for (const [name, draw] of Object.entries(art)) {
  await sharp(Buffer.from(draw())).jpeg({ quality: 86, mozjpeg: true }).toFile(`src/assets/projects/${name}.jpg`);
}
await sharp(Buffer.from(ogImage())).png({ palette: true, quality: 90 }).toFile("public/og.png");
const markSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${anchorMark()}</svg>`;
await writeFile("public/favicon.svg", markSvg + "\n");
const png32 = await sharp(Buffer.from(markSvg), { density: 300 }).resize(32, 32).png().toBuffer();
await writeFile("public/favicon.ico", pngToIco(png32, 32));
const touch = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${NAVY}"/><g transform="translate(6 6) scale(0.8125)">${anchorMark()}</g></svg>`;
await sharp(Buffer.from(touch), { density: 600 }).resize(180, 180).png().toFile("public/apple-touch-icon.png");
await mkdir("public/email", { recursive: true });
await sharp(Buffer.from(signatureBackground()))
  .jpeg({ quality: 84, mozjpeg: true })
  .toFile("public/email/signature-background.jpg");
await mkdir("public/portal", { recursive: true });
await sharp(Buffer.from(proposalLogo())).png({ palette: true }).toFile("public/portal/default-logo.png");
console.log("art written");
