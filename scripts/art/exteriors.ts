/** Portfolio illustrations of buildings from outside. */
import { brandColors } from "../../src/config/brand";
import { company } from "../../src/config/company";
import type { Scene } from "./scene";
import { H, W, frame, lapSiding, line, poly, rect, shrub, sky, skyline, tree, win } from "./svg";

const NAVY = brandColors.navy[800];
const GOLD = brandColors.gold[500];

/** Garden-style apartment community, fresh exterior repaint. */
export const apartmentsExterior: Scene = {
  seed: 11,
  draw(random) {
    const sk = sky("#8fb3d1", "#f4dcb4");
    let b = sk.body;
    b += `<circle cx="1260" cy="300" r="120" fill="#fff3d6" opacity="0.55"/>`;
    b += skyline(random, 640, "#b9c7d3");
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
    ] as const;
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
        const nw = 2;
        for (let i = 0; i < nw; i++) {
          const wx = bay.x + 45 + (i * (bay.w - 90)) / nw + 15;
          b += win(wx, fy + 38, (bay.w - 90) / nw - 50, 80);
        }
        if (bay.kind === "stucco") {
          // balcony
          b += rect(bay.x + 30, fy + 128, bay.w - 60, 12, "#cfc5b3");
          for (let rx = bay.x + 36; rx < bay.x + bay.w - 30; rx += 14)
            b += line(rx, fy + 128, rx, fy + 82, "#27384d", 3);
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
  },
};

/** Mid-rise new construction with scaffolding and a tower crane. */
export const midriseConstruction: Scene = {
  seed: 37,
  draw(random) {
    const sk = sky("#6f9dc6", "#dcebf4", "sky3");
    let b = sk.body;
    b += skyline(random, 700, "#a9bccd", 30);
    // crane
    b += line(1300, 1000, 1300, 120, "#d8a73a", 16);
    for (let y = 140; y < 1000; y += 40) b += line(1292, y, 1308, y + 40, "#b88a2a", 3);
    b +=
      line(900, 140, 1500, 140, "#d8a73a", 14) +
      line(1300, 60, 1050, 140, "#8a6a25", 3) +
      line(1300, 60, 1480, 140, "#8a6a25", 3);
    b +=
      rect(1440, 140, 50, 40, "#5a6270") + line(1020, 140, 1020, 380, "#333", 2) + rect(1000, 380, 40, 30, "#5a6270");
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
  },
};

/** Two-story Texas home: brick base, fresh siding paint, cedar fence. */
export const houseExterior: Scene = {
  seed: 41,
  draw() {
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
  },
};
