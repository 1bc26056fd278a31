/**
 * Moving the lines: dragging with a pointer, nudging with the keyboard (so no mouse is needed), Reset,
 * and fitting the 644 px card into a narrow screen. Pure: the store applies what these return.
 */
import { BIG_STEP_FACTOR, RESET_GLOBAL_SETTINGS, RESET_LINES } from "./constants";
import { SIGNATURE_CANVAS, SIGNATURE_RANGES, type SignatureElementId } from "~/schemas/signature";
import type { SignatureElement, SignatureFormData, SignatureGlobalSettings } from "~/schemas/signature";
import { buildElements } from "./signature";

/** A point in screen (client) pixels or card pixels. */
export interface Point {
  x: number;
  y: number;
}

/** `value` held within `min`..`max`. */
export function clamp(value: number, { min, max }: { min: number; max: number }): number {
  return Math.min(max, Math.max(min, value));
}

/** A line position kept inside the X and Y slider ranges, so the sliders can always show it. */
export function clampPosition({ x, y }: Point): Point {
  return { x: clamp(x, SIGNATURE_RANGES.lineX), y: clamp(y, SIGNATURE_RANGES.lineY) };
}

/** Where a drag began: the pointer, the line's position then, and how far the card is zoomed on screen. */
export interface DragOrigin {
  pointer: Point;
  position: Point;
  /** Card pixels are `zoom` screen pixels, so pointer travel is divided by it. */
  zoom: number;
}

/** The line's position with the pointer now at `pointer`: it follows the pointer, in whole card pixels. */
export function draggedPosition({ pointer: start, position, zoom }: DragOrigin, pointer: Point): Point {
  const z = zoom || 1;
  return clampPosition({
    x: Math.round(position.x + (pointer.x - start.x) / z),
    y: Math.round(position.y + (pointer.y - start.y) / z),
  });
}

/** Arrow keys that move a focused line, as unit directions. */
const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/**
 * The position an arrow key moves a line to: one slider step (5 px), or ten with Shift, as the sliders do;
 * null for any other key, so the page keeps it.
 */
export function nudgedPosition(position: Point, key: string, shift: boolean): Point | null {
  const direction = ARROWS[key];
  if (!direction) return null;
  const factor = shift ? BIG_STEP_FACTOR : 1;
  return clampPosition({
    x: position.x + direction.x * SIGNATURE_RANGES.lineX.step * factor,
    y: position.y + direction.y * SIGNATURE_RANGES.lineY.step * factor,
  });
}

/** One line changed by `change`, the others as they are. */
export function updateLine(
  elements: readonly SignatureElement[],
  id: SignatureElementId,
  change: (line: SignatureElement) => SignatureElement,
): SignatureElement[] {
  return elements.map((line) => (line.id === id ? change(line) : line));
}

/** Reset: the five lines at their Reset values, written from the card, and the Reset global settings. */
export function resetLayout(formData: SignatureFormData): {
  elements: SignatureElement[];
  globalSettings: SignatureGlobalSettings;
} {
  return { elements: buildElements(formData, RESET_LINES), globalSettings: { ...RESET_GLOBAL_SETTINGS } };
}

/** How much the card shrinks to fit `available` pixels of width (never enlarged). */
export function fitZoom(available: number, width: number = SIGNATURE_CANVAS.width): number {
  return available > 0 ? Math.min(1, available / width) : 1;
}
