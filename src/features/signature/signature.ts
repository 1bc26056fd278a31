/**
 * The signature model: the five lines built from the contact card, where each one sits
 * on the 644 x 259 card, and what it reads. Pure; shared by the generator and the proposal editor.
 */
import { DEFAULT_LINES, type LinePlacement } from "./constants";
import {
  SIGNATURE_CANVAS,
  SIGNATURE_ELEMENT_IDS,
  type SignatureElement,
  type SignatureElementId,
  type SignatureFormData,
  type SignatureGlobalSettings,
} from "~/schemas/signature";

/** The contact field each line is written from (stored as the element's `field`). */
const ELEMENT_FIELDS: Record<SignatureElementId, string> = {
  "name-title": "name-title",
  mobile: "phone",
  email: "email",
  city: "location",
  quote: "quote",
};

/** What a line says for a contact card: "Name, Title", "Mobile: phone", e-mail, location, quote. */
export function lineContent(id: SignatureElementId, data: SignatureFormData): string {
  switch (id) {
    case "name-title":
      return [data.name.trim(), data.title.trim()].filter(Boolean).join(", ");
    case "mobile":
      return data.phone.trim() ? `Mobile: ${data.phone.trim()}` : "";
    case "email":
      return data.email.trim();
    case "city":
      return data.location.trim();
    case "quote":
      return data.quote.trim();
  }
}

/** The five lines at `placements`, all visible, written from `data`. */
export function buildElements(
  data: SignatureFormData,
  placements: Record<SignatureElementId, LinePlacement> = DEFAULT_LINES,
): SignatureElement[] {
  return SIGNATURE_ELEMENT_IDS.map((id) => ({
    id,
    field: ELEMENT_FIELDS[id],
    content: lineContent(id, data),
    position: { x: placements[id].x, y: placements[id].y },
    scale: placements[id].scale,
    visible: true,
  }));
}

/** The same lines rewritten from a changed contact card (editing contact data rewrites all five). */
export function withContent(elements: readonly SignatureElement[], data: SignatureFormData): SignatureElement[] {
  return elements.map((element) => ({ ...element, content: lineContent(element.id, data) }));
}

/**
 * The text a saved line shows: its content, or else the contact value its field names. A line
 * with neither is not drawn.
 */
export function lineText(element: SignatureElement, data?: Partial<Record<string, string>>): string {
  return element.content.trim() || (element.field ? (data?.[element.field] ?? "").trim() : "");
}

/** Where a line's left edge and vertical middle sit on the card, and how much it is scaled. */
export function placeLine(
  element: SignatureElement,
  global: SignatureGlobalSettings,
  shiftX = 0,
): { left: number; top: number; scale: number } {
  return {
    left: SIGNATURE_CANVAS.centerX + global.globalX + element.position.x + shiftX,
    top: SIGNATURE_CANVAS.centerY + global.globalY + element.position.y,
    scale: element.scale * global.globalScale,
  };
}
