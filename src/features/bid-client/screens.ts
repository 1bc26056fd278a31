/**
 * One screen at a time, with focus moved to its heading so a screen reader hears where it is, and the
 * notice screen filled from a `Notice`.
 */
import { byId, el, fill } from "./dom";
import type { Notice } from "./status";

export const SCREENS = ["bid-read", "bid-consent", "bid-sign", "bid-done", "bid-notice"] as const;
export type ScreenId = (typeof SCREENS)[number];

/** Shows `id` alone and focuses its first heading (or `focus`, when given). */
export function showScreen(id: ScreenId, focus?: HTMLElement): void {
  byId("bid-loading").hidden = true;
  byId("bid-alert").hidden = true;
  for (const screen of SCREENS) byId(screen).hidden = screen !== id;
  const target = focus ?? byId(id).querySelector<HTMLElement>("h1");
  target?.focus();
  if (!focus) window.scrollTo({ top: 0 });
}

/** Says `text` to screen readers without moving focus. */
export function announce(text: string): void {
  fill(byId("bid-live"), text);
}

/** Shows an inline message (role="alert" in the markup) under a field, or hides it with undefined. */
export function showError(id: string, message: string | undefined, field?: HTMLElement): void {
  const box = byId(id);
  fill(box, message ?? "");
  box.hidden = !message;
  if (field) {
    if (message) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
  }
}

/** The notice screen with the notice's words and only the actions it offers. */
export function showNotice(notice: Notice): void {
  fill(byId("bid-notice-heading"), notice.heading);
  fill(byId("bid-notice-text"), notice.text);
  byId("bid-renewal").hidden = !notice.renewal;
  byId("bid-notice-download").hidden = !notice.download;
  byId("bid-notice-actions").hidden = !notice.renewal && !notice.download;
  byId("bid-renewal-done").hidden = true;
  byId("bid-contact").hidden = !notice.contact;
  showScreen("bid-notice");
}

/** Marks a button busy while its call runs, so a second press cannot send twice. */
export async function busy<T>(button: HTMLButtonElement | null, work: () => Promise<T>): Promise<T> {
  if (!button) return work();
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try {
    return await work();
  } finally {
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
}

/** The signers' progress as list items: each name as text, and its state. */
export function signerItems(signers: { name: string; state: string; label: string }[]): HTMLLIElement[] {
  return signers.map(({ name, state, label }) =>
    el("li", {}, el("span", {}, name), el("span", { "data-state": state }, label)),
  );
}
