import type { ClientDirective } from "astro";

/** Signs that someone is using the page: any of them starts hydration. */
const INTENT_EVENTS = [
  "pointerover",
  "pointermove",
  "pointerdown",
  "touchstart",
  "focusin",
  "keydown",
  "scroll",
  "wheel",
] as const;

/** Controls whose click must not be lost while the island's JavaScript is still loading. */
const REPLAYABLE = "button, [role='button'], summary";

/**
 * `client:intent`: hydrates an island on the first interaction with the page (pointer, touch, focus,
 * keyboard or scroll) instead of at load, so React's download and hydration never compete with the
 * first paint. A button clicked before the island is ready is clicked again once it has hydrated:
 * React hydrates onto the same DOM nodes, so the element is still the one the visitor chose.
 */
const intent: ClientDirective = (load, _options, el) => {
  let pending: HTMLElement | null = null;
  let started = false;

  const holdClick = (event: Event) => {
    const control = (event.target as Element | null)?.closest?.(REPLAYABLE);
    if (!(control instanceof HTMLElement) || !el.contains(control)) return;
    pending = control;
    event.preventDefault();
    event.stopPropagation();
  };

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, start, true);
    const hydrate = await load();
    await hydrate();
    el.removeEventListener("click", holdClick, true);
    pending?.click();
  };

  el.addEventListener("click", holdClick, true);
  for (const type of INTENT_EVENTS) window.addEventListener(type, start, { capture: true, passive: true });
};

export default intent;
