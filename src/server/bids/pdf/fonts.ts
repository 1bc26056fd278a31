/**
 * The fonts the bids' PDF embeds, so every name and word prints as it was typed: Noto from the npm registry
 * (static TTF, which react-pdf's fontkit subsets per document, so a file carries only the glyphs it uses).
 * Noto Sans and Noto Serif draw Latin with its extensions (Vietnamese too), Greek and Cyrillic; Noto Sans SC,
 * JP and KR, in that order, draw what they lack: Chinese, Japanese kana and kanji, Korean hangul. The CJK
 * faces come in one weight (bold and italic text in those scripts is drawn upright and regular) to keep the
 * functions that render small. The functions that render carry every file listed here (netlify.toml's
 * included_files, scripts/lib/deploy-paths.ts); this module imports no renderer, so the build can read it.
 */
import { createRequire } from "node:module";
import type { Font as ReactPdfFont } from "@react-pdf/renderer";

const require = createRequire(import.meta.url);

/** A face file inside its npm package, e.g. ["noto-sans", "NotoSans", "400Regular"]. */
function face(pkg: string, name: string, style: string): string {
  return `@expo-google-fonts/${pkg}/${style}/${name}_${style}.ttf`;
}

/** Each family the PDF names, with its files by weight and style. */
export const FONT_FAMILIES = {
  "Noto Sans": {
    normal: { 400: face("noto-sans", "NotoSans", "400Regular"), 700: face("noto-sans", "NotoSans", "700Bold") },
    italic: {
      400: face("noto-sans", "NotoSans", "400Regular_Italic"),
      700: face("noto-sans", "NotoSans", "700Bold_Italic"),
    },
  },
  "Noto Serif": {
    normal: { 400: face("noto-serif", "NotoSerif", "400Regular"), 700: face("noto-serif", "NotoSerif", "700Bold") },
    italic: {
      400: face("noto-serif", "NotoSerif", "400Regular_Italic"),
      700: face("noto-serif", "NotoSerif", "700Bold_Italic"),
    },
  },
  "Noto Sans Mono": { normal: { 400: face("noto-sans-mono", "NotoSansMono", "400Regular") } },
  "Noto Sans SC": { normal: { 400: face("noto-sans-sc", "NotoSansSC", "400Regular") } },
  "Noto Sans JP": { normal: { 400: face("noto-sans-jp", "NotoSansJP", "400Regular") } },
  "Noto Sans KR": { normal: { 400: face("noto-sans-kr", "NotoSansKR", "400Regular") } },
} as const satisfies Record<string, { normal: Record<number, string>; italic?: Record<number, string> }>;

export type FontFamily = keyof typeof FONT_FAMILIES;

/** What a character falls back to, in order, when the text's own face has no glyph for it. */
const FALLBACK: FontFamily[] = ["Noto Sans", "Noto Sans SC", "Noto Sans JP", "Noto Sans KR"];

/**
 * The font stacks the pages name: the face first, then the fallbacks. Every stack ends with the same four
 * families, so a character one of them covers prints whichever face the text is set in; those four are what
 * `npm run make:printable` reads into the table of characters the forms accept.
 */
export const FONT_STACKS = {
  sans: FALLBACK,
  serif: ["Noto Serif", ...FALLBACK],
  mono: ["Noto Sans Mono", ...FALLBACK],
} as const satisfies Record<string, FontFamily[]>;

/**
 * The OpenType features the pages set: without "ccmp" a letter such as "ị" is drawn by its own glyph, not as
 * "i" plus a separate dot, so the PDF's text layer (what a reader copies or searches) holds the letter typed;
 * the glyph for "i" can map back to one character only.
 */
export const TEXT_FEATURES = { ccmp: false };

/** The families whose characters together are what the PDF can print (see FONT_STACKS). */
export const PRINTABLE_FAMILIES = FALLBACK;

/** The absolute path of a face file, resolved from the installed package. */
export function fontPath(file: string): string {
  return require.resolve(file);
}

/** Every face file the PDF may embed, as package paths. */
export function fontFiles(): string[] {
  return Object.values(FONT_FAMILIES).flatMap((family) =>
    Object.values(family).flatMap((weights) => Object.values(weights as Record<number, string>)),
  );
}

let registered = false;

/**
 * Registers every family with react-pdf, once per process. A family without italic files draws its italic
 * upright: react-pdf resolves every family of a stack in the text's style and refuses a style it lacks.
 */
export function registerFonts(Font: typeof ReactPdfFont): void {
  if (registered) return;
  registered = true;
  for (const [family, styles] of Object.entries(FONT_FAMILIES)) {
    const italic: Record<number, string> = "italic" in styles ? styles.italic : styles.normal;
    for (const [fontStyle, weights] of [
      ["normal", styles.normal as Record<number, string>],
      ["italic", italic],
    ] as const) {
      for (const [fontWeight, file] of Object.entries(weights)) {
        Font.register({ family, src: fontPath(file), fontStyle, fontWeight: Number(fontWeight) });
      }
    }
  }
}
