/**
 * The logo a sent bid carries inline: the client's page and the PDF must not fetch it from the portal, and
 * they draw only PNG or JPEG. The editor's logo may be the default file, a stored image's path, or an upload
 * kept as WebP; it is drawn on a canvas and written as PNG, or as JPEG when the PNG passes the budget.
 */
import { BID_LIMITS } from "~/schemas/bid-fields";
import { LOGO_UPLOAD } from "./constants";
import { fitLogo } from "./proposal";

/** What becomes of a logo source before anything is drawn. */
export function inlineLogoPlan(src: string): "keep" | "refuse" | "draw" {
  const value = src.trim();
  // SVG can carry script: a sent bid never carries it, as the upload never accepts it.
  if (/^data:image\/svg/i.test(value) || /\.svgz?(?:[?#].*)?$/i.test(value)) return "refuse";
  if (/^data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/=]+$/.test(value) && value.length <= BID_LIMITS.logoChars)
    return "keep";
  if (/^data:image\//i.test(value) || /^\/(?!\/)/.test(value)) return "draw";
  // Another site's image cannot be read back from a canvas (nor loaded under the portal's CSP).
  return "refuse";
}

/** Loads an image through an <img>: the CSP allows images from the site and data URLs, not fetches of them. */
async function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = src;
  await image.decode();
  return image;
}

/** The image at `width` x `height` as a data URL of `type`; JPEG gets a white ground for what was transparent. */
function draw(image: HTMLImageElement, width: number, height: number, type: "image/png" | "image/jpeg"): string {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("Canvas 2D is not available");
  if (type === "image/jpeg") {
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, width, height);
  }
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(image, 0, 0, width, height);
  return canvas.toDataURL(type, LOGO_UPLOAD.quality);
}

/**
 * The logo `src` as a PNG or JPEG data URL within the bid's budget, or null when there is none to send (SVG,
 * another site's image, or one that cannot be read): the bid then goes without a logo rather than not at all.
 */
export async function inlineLogo(src: string): Promise<string | null> {
  const plan = inlineLogoPlan(src);
  if (plan !== "draw") return plan === "keep" ? src.trim() : null;
  try {
    const image = await loadImage(src.trim());
    let { width, height } = fitLogo(image.naturalWidth, image.naturalHeight, LOGO_UPLOAD.maxWidthPx);
    let dataUrl = draw(image, width, height, "image/png");
    while (dataUrl.length > BID_LIMITS.logoChars && width > 16) {
      dataUrl = draw(image, width, height, "image/jpeg");
      if (dataUrl.length <= BID_LIMITS.logoChars) break;
      ({ width, height } = fitLogo(width, height, Math.floor(width * LOGO_UPLOAD.shrinkFactor)));
    }
    return dataUrl.length <= BID_LIMITS.logoChars ? dataUrl : null;
  } catch (error) {
    console.error("The logo could not be inlined; the bid goes without it:", error);
    return null;
  }
}
