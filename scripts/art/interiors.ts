/** Portfolio illustrations of finished rooms. */
import { brandColors } from "../../src/config/brand";
import type { Scene } from "./scene";
import { H, W, frame, line, poly, rect, shrub, tree } from "./svg";

const NAVY = brandColors.navy[800];
const GOLD = brandColors.gold[500];

/** Apartment interior after a unit turn: fresh paint, new LVP, white trim. */
export const unitInterior: Scene = {
  seed: 23,
  draw(random) {
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
    // floor planks in perspective, their end joints placed at random
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
        if (random() < 0.45) continue;
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
  },
};

/** Kitchen: navy lowers with brass pulls, white shaker uppers, new trim. */
export const kitchen: Scene = {
  seed: 53,
  draw() {
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
  },
};

/** Living room: accent wall, wainscoting, crown molding, finished floors. */
export const livingRoom: Scene = {
  seed: 67,
  draw() {
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
  },
};
