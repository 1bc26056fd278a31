/**
 * A signature template that only has stored HTML, turned into a logo PNG (spec 4): drawn on a white
 * 644 x 259 card off-screen, given 1.5 s for its fonts, and captured at 2x with html2canvas. html2canvas
 * is imported here, on demand, so the editor's first load does not carry it.
 */
import { SIGNATURE_CANVAS, SIGNATURE_TIMING } from "~/config/signature";
import { sanitizeSignatureHtml } from "./sanitize";

const CARD_BACKGROUND = "#ffffff";

/** Renders `html` on the white card and returns it as a PNG data URL. */
export async function renderHtmlCardPng(html: string): Promise<string> {
  const { width, height, captureScale } = SIGNATURE_CANVAS;
  const { default: html2canvas } = await import("html2canvas");
  const card = document.createElement("div");
  card.setAttribute("aria-hidden", "true");
  // Off-screen but laid out, so html2canvas can measure it; never seen, never read aloud.
  card.style.cssText = `position:fixed;left:-${width * 4}px;top:0;width:${width}px;height:${height}px;overflow:hidden;background:${CARD_BACKGROUND};pointer-events:none`;
  card.innerHTML = sanitizeSignatureHtml(html);
  document.body.append(card);
  try {
    await new Promise((resolve) => setTimeout(resolve, SIGNATURE_TIMING.htmlCardFontWaitMs));
    const canvas = await html2canvas(card, {
      scale: captureScale,
      width,
      height,
      backgroundColor: CARD_BACKGROUND,
      useCORS: true,
      logging: false,
    });
    return canvas.toDataURL("image/png");
  } finally {
    card.remove();
  }
}
