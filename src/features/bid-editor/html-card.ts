/**
 * A signature template that only has stored HTML, turned into a logo PNG: drawn on a white 644 x 259 card
 * off-screen, given SIGNATURE_TIMING.htmlCardFontWaitMs for its fonts, and captured at 2x with html2canvas.
 * This module is imported on demand and html2canvas by it, so the editor's first load carries neither them
 * nor DOMPurify.
 */
import createDOMPurify from "dompurify";
import { SIGNATURE_CANVAS } from "~/schemas/signature";
import { SIGNATURE_TIMING } from "~/features/signature/constants";
import { onThisOrigin } from "~/features/signature/template-data";
import { htmlSanitizer } from "~/lib/sanitize";

const CARD_BACKGROUND = "#ffffff";
const sanitize = htmlSanitizer(createDOMPurify);

/** Renders `html` on the white card and returns it as a PNG data URL. */
export async function renderHtmlCardPng(html: string): Promise<string> {
  const { width, height, captureScale } = SIGNATURE_CANVAS;
  const { default: html2canvas } = await import("html2canvas");
  const card = document.createElement("div");
  card.setAttribute("aria-hidden", "true");
  // Never focused or clicked either: the stored HTML may hold mailto: and tel: links.
  card.inert = true;
  // Off-screen but laid out, so html2canvas can measure it; never seen, never read aloud.
  card.style.cssText = `position:fixed;left:-${width * 4}px;top:0;width:${width}px;height:${height}px;overflow:hidden;background:${CARD_BACKGROUND};pointer-events:none`;
  card.innerHTML = onThisOrigin(sanitize("signature", html));
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
