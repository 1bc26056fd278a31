/**
 * Email Signature Generator state: the contact card, the five lines, the global settings,
 * guides, the line being dragged and the custom logo, with the actions that change them.
 * Components read these and call the actions; nothing here renders.
 */
import { atom, computed } from "nanostores";
import { DEFAULT_CONTACT, DEFAULT_GLOBAL_SETTINGS } from "./constants";
import { type SignatureElementId, type SignatureField } from "~/schemas/signature";
import { signatureMessages } from "~/features/signature/messages";
import { toast } from "~/lib/toast";
import type { SignatureElement, SignatureFormData, SignatureGlobalSettings } from "~/schemas/signature";
import {
  clampPosition,
  draggedPosition,
  nudgedPosition,
  resetLayout,
  updateLine,
  type DragOrigin,
  type Point,
} from "./layout";
import { buildElements, withContent } from "./signature";
import { browserStorage, readDefaults, type KeyValueStore } from "./stored-defaults";
import { clampGlobalSettings, completeElements, type SignatureData } from "./template-data";

export type Axis = "x" | "y";
/** The global settings that have a slider (lineSpacing is stored but has none). */
export type GlobalControl = Exclude<keyof SignatureGlobalSettings, "lineSpacing">;

export const $formData = atom<SignatureFormData>(DEFAULT_CONTACT);
export const $elements = atom<SignatureElement[]>(buildElements(DEFAULT_CONTACT));
export const $globalSettings = atom<SignatureGlobalSettings>(DEFAULT_GLOBAL_SETTINGS);
export const $guides = atom(false);
/** Sanitised style text of the uploaded HTML logo; empty when there is none. */
export const $customLogoStyle = atom("");
export const $uploadOpen = atom(false);

/** A drag in progress: which line, which pointer, and where it started. */
export interface Drag extends DragOrigin {
  id: SignatureElementId;
  pointerId: number;
}
const $drag = atom<Drag | null>(null);
export const $draggingId = computed($drag, (drag) => drag?.id ?? null);

/**
 * Starts the page from the stored default when there is one: its lines with their content
 * blanked and refilled from the contact card; unreadable defaults are logged and the built-in ones used.
 */
export function initSignature(storage: KeyValueStore | null = browserStorage()): void {
  const stored = readDefaults(storage);
  const formData = $formData.get();
  $elements.set(completeElements(stored.elements ?? buildElements(formData), formData));
  $globalSettings.set(stored.globalSettings ? clampGlobalSettings(stored.globalSettings) : DEFAULT_GLOBAL_SETTINGS);
}

/** Edits one contact field; every line's content is rewritten from the card, positions kept. */
export function setContactField(field: SignatureField, value: string): void {
  const formData = { ...$formData.get(), [field]: value };
  $formData.set(formData);
  $elements.set(withContent($elements.get(), formData));
}

function changeLine(id: SignatureElementId, change: (line: SignatureElement) => SignatureElement): void {
  $elements.set(updateLine($elements.get(), id, change));
}

/** Moves a line along one axis (its slider). */
export function setLinePosition(id: SignatureElementId, axis: Axis, value: number): void {
  changeLine(id, (line) => ({ ...line, position: clampPosition({ ...line.position, [axis]: value }) }));
}

/** Scales one line. */
export function setLineScale(id: SignatureElementId, scale: number): void {
  changeLine(id, (line) => ({ ...line, scale }));
}

/** An arrow key on a focused line moves it one slider step, ten with Shift; true when the key was used. */
export function nudgeLine(id: SignatureElementId, key: string, shift: boolean): boolean {
  const line = $elements.get().find((e) => e.id === id);
  const next = line && nudgedPosition(line.position, key, shift);
  if (!next) return false;
  changeLine(id, (l) => ({ ...l, position: next }));
  return true;
}

/** Changes one global offset or the global scale. */
export function setGlobalSetting(key: GlobalControl, value: number): void {
  $globalSettings.set({ ...$globalSettings.get(), [key]: value });
}

/** Reset: the five lines and the global settings to their Reset values. */
export function resetSignatureLayout(): void {
  const { elements, globalSettings } = resetLayout($formData.get());
  $elements.set(elements);
  $globalSettings.set(globalSettings);
}

/** Guides on or off. */
export function toggleGuides(): void {
  $guides.set(!$guides.get());
}

/** Replaces the contact card, lines and global settings (a loaded template). */
export function applySignature({ formData, elements, globalSettings }: SignatureData): void {
  $formData.set(formData);
  $elements.set(elements);
  $globalSettings.set(globalSettings);
}

/** Pointer down on a line: it follows this pointer until endDrag. `zoom` is the card's on-screen scale. */
export function startDrag(id: SignatureElementId, pointerId: number, pointer: Point, zoom: number): void {
  const line = $elements.get().find((e) => e.id === id);
  if (line) $drag.set({ id, pointerId, pointer, position: line.position, zoom });
}

/** The dragging pointer moved. Other pointers (a second finger) are ignored. */
export function moveDrag(pointerId: number, pointer: Point): void {
  const drag = $drag.get();
  if (!drag || drag.pointerId !== pointerId) return;
  const position = draggedPosition(drag, pointer);
  changeLine(drag.id, (line) => ({ ...line, position }));
}

/** Pointer up, or the pointer left the preview: either ends a drag. */
export function endDrag(): void {
  if ($drag.get()) $drag.set(null);
}

/**
 * Reads an uploaded logo file: HTML whose first element has a usable style. The logo code
 * and its CSS sanitiser are fetched here, on first use, not with the screen.
 */
export async function uploadLogo(file: File): Promise<void> {
  const { isHtmlFile, parseLogoHtml } = await import("./logo");
  if (!isHtmlFile(file)) return void toast(signatureMessages.logoNotHtml);
  const style = await file.text().then(parseLogoHtml, () => null);
  if (!style) return void toast(signatureMessages.logoBadHtml);
  $customLogoStyle.set(style);
  $uploadOpen.set(false);
  toast(signatureMessages.logoUploaded);
}

/** Remove: no custom logo. */
export function clearLogo(): void {
  $customLogoStyle.set("");
}
