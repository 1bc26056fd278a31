/**
 * The signature card drawn straight onto a canvas and returned as a PNG data URL (the proposal editor
 * uses a signature as its logo, captured at 2x). Drawn with the canvas API rather
 * than html2canvas because html2canvas paints `background-clip: text` gradients as solid boxes,
 * which would turn the gold lines into bars; the geometry is the card's own (placeLine).
 */
import {
  LINE_STYLES,
  SIGNATURE_BACKGROUND_PATH,
  SIGNATURE_COLORS,
  SIGNATURE_FONTS,
  SIGNATURE_TIMING,
} from "./constants";
import { SIGNATURE_CANVAS } from "~/schemas/signature";
import type { SignatureElement, SignatureGlobalSettings } from "~/schemas/signature";
import type { LogoImage } from "./logo";
import { lineText, placeLine } from "./signature";

/** Resolves after `ms`, for racing waits that must not hang. */
const after = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Loads an image, or rejects after the image time-out (SIGNATURE_TIMING.imageTimeoutMs). */
function loadImage(src: string, timeoutMs: number = SIGNATURE_TIMING.imageTimeoutMs): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    const timer = setTimeout(() => reject(new Error(`Image timed out: ${src}`)), timeoutMs);
    image.onload = () => {
      clearTimeout(timer);
      resolve(image);
    };
    image.onerror = () => {
      clearTimeout(timer);
      reject(new Error(`Image failed to load: ${src}`));
    };
    image.src = src;
  });
}

/** Extra layers of the card (additive: the proposal editor's calls are unchanged). */
export interface RenderOptions {
  /** The uploaded HTML logo as an image box (see `logoImageOf`); skipped when its image cannot be used. */
  logo?: LogoImage | null;
}

/**
 * Loads a logo image so the canvas stays exportable: other hosts' images are requested with CORS,
 * and one that refuses it (or fails) is left out rather than failing the whole export.
 */
async function loadLogo(url: string): Promise<HTMLImageElement | null> {
  try {
    const image = new Image();
    image.crossOrigin = "anonymous";
    image.src = url;
    await Promise.race([
      image.decode(),
      after(SIGNATURE_TIMING.imageTimeoutMs).then(() => Promise.reject(new Error("timed out"))),
    ]);
    return image;
  } catch (error) {
    console.warn(`The logo image could not be drawn into the PNG: ${url.slice(0, 80)}`, error);
    return null;
  }
}

/** Draws `image` inside `box`, scaled to fit and centred (CSS background-size: contain). */
function drawContained(ctx: CanvasRenderingContext2D, image: HTMLImageElement, box: LogoImage): void {
  const scale = Math.min(box.width / image.naturalWidth, box.height / image.naturalHeight);
  const w = image.naturalWidth * scale;
  const h = image.naturalHeight * scale;
  ctx.drawImage(image, box.left + (box.width - w) / 2, box.top + (box.height - h) / 2, w, h);
}

/** The canvas `font` of a line. */
function canvasFont(element: SignatureElement): string {
  const style = LINE_STYLES[element.id];
  return `${style.italic ? "italic " : ""}${style.bold ? 700 : 400} ${style.fontSizePx}px ${style.script ? SIGNATURE_FONTS.script : SIGNATURE_FONTS.sans}`;
}

/**
 * Renders the visible lines (text from `lineText`, with `formData` as the fallback) over the
 * background into a PNG at the capture scale. Waits for the faces the lines use, at most
 * SIGNATURE_TIMING.cardFontWaitMs: a late font draws in a fallback face rather than never.
 */
export async function renderSignaturePng(
  elements: readonly SignatureElement[],
  globalSettings: SignatureGlobalSettings,
  formData?: Partial<Record<string, string>>,
  options: RenderOptions = {},
): Promise<string> {
  const { width, height, captureScale } = SIGNATURE_CANVAS;
  const lines = elements
    .filter((e) => e.visible)
    .map((e) => ({ element: e, text: lineText(e, formData) }))
    .filter((l) => l.text);
  const [background, logo] = await Promise.all([
    loadImage(SIGNATURE_BACKGROUND_PATH),
    options.logo ? loadLogo(options.logo.url) : null,
    Promise.race([
      Promise.all(lines.map((l) => document.fonts.load(canvasFont(l.element), l.text))),
      after(SIGNATURE_TIMING.cardFontWaitMs),
    ]),
  ]);

  const canvas = document.createElement("canvas");
  canvas.width = width * captureScale;
  canvas.height = height * captureScale;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("Canvas 2D is not available");
  ctx.scale(captureScale, captureScale);
  ctx.drawImage(background, 0, 0, width, height);
  if (logo && options.logo) drawContained(ctx, logo, options.logo);
  ctx.textBaseline = "middle";
  for (const { element, text } of lines) {
    const { left, top, scale } = placeLine(element, globalSettings);
    const paint = LINE_STYLES[element.id].paint;
    ctx.save();
    ctx.translate(left, top);
    ctx.scale(scale, scale);
    ctx.font = canvasFont(element);
    if (paint === "gold") {
      const gradient = ctx.createLinearGradient(0, 0, ctx.measureText(text).width, 0);
      SIGNATURE_COLORS.gold.forEach((color, i, all) => gradient.addColorStop(i / (all.length - 1), color));
      ctx.fillStyle = gradient;
    } else {
      ctx.fillStyle = SIGNATURE_COLORS[paint];
    }
    ctx.fillText(text, 0, 0);
    ctx.restore();
  }
  return canvas.toDataURL("image/png");
}
