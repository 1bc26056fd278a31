/** Every file `npm run art` writes: which scene it draws and how the SVG becomes the committed image. */
import sharp from "sharp";
import { faviconMark, ogImage, proposalLogo, signatureBackground, touchIcon } from "./brand-art";
import { apartmentsExterior, houseExterior, midriseConstruction } from "./exteriors";
import { pngToIco } from "./ico";
import { kitchen, livingRoom, unitInterior } from "./interiors";
import { renderScene, type Scene } from "./scene";

/** One generated file, its path relative to the repository root. */
export interface ArtOutput {
  file: string;
  scene: Scene;
  encode: (svg: Buffer) => Promise<Buffer>;
}

// Portfolio sources: astro:assets turns them into AVIF/WebP at build time.
const photo = (svg: Buffer) => sharp(svg).jpeg({ quality: 86, mozjpeg: true }).toBuffer();

const projects: Record<string, Scene> = {
  "apartments-exterior": apartmentsExterior,
  "unit-interior": unitInterior,
  "midrise-construction": midriseConstruction,
  "house-exterior": houseExterior,
  kitchen,
  "living-room": livingRoom,
};

export const artOutputs: ArtOutput[] = [
  ...Object.entries(projects).map(([name, scene]) => ({
    file: `src/assets/projects/${name}.jpg`,
    scene,
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

/** The output's file contents: its scene drawn from its own seed, then encoded. */
export function renderOutput(output: ArtOutput): Promise<Buffer> {
  return output.encode(Buffer.from(renderScene(output.scene)));
}
