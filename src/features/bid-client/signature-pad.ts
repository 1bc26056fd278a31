/**
 * The optional drawn signature: a canvas that follows mouse, pen and touch through pointer events. It
 * gives a PNG data URL only once something was drawn, so a signer who only types (or cannot use a
 * pointer) signs with the typed name alone.
 */
import { BID_LIMITS } from "~/schemas/bid-fields";

export interface SignaturePad {
  /** The drawing as a PNG data URL, or null when nothing was drawn (or it would exceed the API's limit). */
  drawing(): string | null;
  clear(): void;
}

/** The ink: the brand's navy, as the signature card's lines are. */
const INK = "#0a1524";

/**
 * The canvas as a PNG data URL within the API's limit: a dense phone screen's bitmap is drawn again at
 * one pixel per CSS pixel when it would be too long; null if even that is.
 */
function exportPng(canvas: HTMLCanvasElement): string | null {
  const url = canvas.toDataURL("image/png");
  if (url.length <= BID_LIMITS.drawingChars) return url;
  const small = document.createElement("canvas");
  const { width, height } = canvas.getBoundingClientRect();
  small.width = Math.round(width);
  small.height = Math.round(height);
  small.getContext("2d")?.drawImage(canvas, 0, 0, small.width, small.height);
  const smaller = small.toDataURL("image/png");
  return smaller.length <= BID_LIMITS.drawingChars ? smaller : null;
}

/** Wires `canvas` as a pad. */
export function attachSignaturePad(canvas: HTMLCanvasElement): SignaturePad {
  const context = canvas.getContext("2d");
  let drawn = false;
  let last: { x: number; y: number } | null = null;

  // The bitmap follows the element's size on screen, at the device's pixel density, so strokes stay sharp.
  const size = () => {
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = canvas.getBoundingClientRect();
    if (!width || !height) return;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    context?.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawn = false;
  };
  const point = (event: PointerEvent) => {
    const box = canvas.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const stroke = (to: { x: number; y: number }) => {
    if (!context || !last) return;
    context.strokeStyle = INK;
    context.lineWidth = 2.2;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.beginPath();
    context.moveTo(last.x, last.y);
    context.lineTo(to.x + (to.x === last.x && to.y === last.y ? 0.1 : 0), to.y);
    context.stroke();
    last = to;
    drawn = true;
  };

  canvas.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    canvas.setPointerCapture(event.pointerId);
    last = point(event);
    stroke(last);
  });
  canvas.addEventListener("pointermove", (event) => {
    if (last) for (const e of event.getCoalescedEvents?.() ?? [event]) stroke(point(e));
  });
  for (const type of ["pointerup", "pointercancel"] as const) canvas.addEventListener(type, () => (last = null));
  size();
  // Resizing the canvas clears it; a rotated phone starts the drawing again rather than stretching it.
  new ResizeObserver(() => {
    if (canvas.width !== Math.round(canvas.getBoundingClientRect().width * (window.devicePixelRatio || 1))) size();
  }).observe(canvas);

  return {
    drawing: () => (drawn ? exportPng(canvas) : null),
    clear: () => {
      context?.clearRect(0, 0, canvas.width, canvas.height);
      drawn = false;
    },
  };
}
