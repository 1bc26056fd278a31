/**
 * Every file `npm run art` writes: what it is drawn from and how the SVG becomes the committed image. The brand
 * images are drawn from the brand module (scenes), so they follow its colours and mark; the portfolio
 * illustrations are SVG drawings beside their JPEGs, to edit in any vector editor.
 */
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { faviconMark, ogImage, proposalLogo, signatureBackground, touchIcon } from "./brand-art";
import { pngToIco } from "./ico";
import { renderScene, type Scene } from "./scene";

/** One generated file, its path relative to the repository root. */
export interface ArtOutput {
  file: string;
  /** A scene drawn from its seed, or the path of an SVG drawing. */
  scene: Scene | string;
  encode: (svg: Buffer) => Promise<Buffer>;
}

// Portfolio sources: astro:assets turns them into AVIF/WebP at build time.
const photo = (svg: Buffer) => sharp(svg).jpeg({ quality: 86, mozjpeg: true }).toBuffer();
const PROJECTS = [
  "apartments-exterior",
  "unit-interior",
  "midrise-construction",
  "house-exterior",
  "kitchen",
  "living-room",
];

export const artOutputs: ArtOutput[] = [
  ...PROJECTS.map((name) => ({
    file: `src/assets/projects/${name}.jpg`,
    scene: `src/assets/projects/${name}.svg`,
    encode: photo,
  })),
  { file: "public/og.png", scene: ogImage, encode: (svg) => sharp(svg).png({ palette: true, quality: 90 }).toBuffer() },
  {
    file: "public/favicon.ico",
    scene: faviconMark,
    encode: async (svg) => pngToIco(await sharp(svg, { density: 300 }).resize(32, 32).png().toBuffer(), 32),
  },
  {
    file: "public/apple-touch-icon.png",
    scene: touchIcon,
    encode: (svg) => sharp(svg, { density: 600 }).resize(180, 180).png().toBuffer(),
  },
  {
    file: "public/email/signature-background.jpg",
    scene: signatureBackground,
    encode: (svg) => sharp(svg).jpeg({ quality: 84, mozjpeg: true }).toBuffer(),
  },
  {
    file: "public/portal/default-logo.png",
    scene: proposalLogo,
    encode: (svg) => sharp(svg).png({ palette: true }).toBuffer(),
  },
];

/** The output's SVG: its drawing, or its scene drawn from its own seed. */
export const outputSvg = (output: ArtOutput): string =>
  typeof output.scene === "string" ? readFileSync(output.scene, "utf8") : renderScene(output.scene);

/** The output's file contents: its SVG, encoded. */
export function renderOutput(output: ArtOutput): Promise<Buffer> {
  return output.encode(Buffer.from(outputSvg(output)));
}
