/**
 * Interface constants from spec section 9, defined once. Tailwind's `md` breakpoint is the same
 * 768 px, so `md:` classes and MOBILE_BREAKPOINT_PX always agree.
 */

/** Viewport width (px) from which the desktop layout applies; below it the mobile menu is used. */
export const MOBILE_BREAKPOINT_PX = 768;

/** The header hides when the page is scrolled down past this many pixels. */
export const HEADER_HIDE_AFTER_PX = 100;

/** The header is always shown while the page is scrolled less than this many pixels. */
export const HEADER_ALWAYS_VISIBLE_WITHIN_PX = 10;

/** Width of the mobile slide-in menu panel. */
export const MOBILE_MENU_WIDTH_PX = 250;

/** Toast behaviour: one visible at a time, 5 s on screen, swipe right past 50 px to dismiss, F8 focuses the viewport. */
export const TOAST_SETTINGS = {
  limit: 1,
  durationMs: 5000,
  /** A dismissed toast stays in the store (closed) this long before removal, as in the original. */
  removeDelayMs: 1_000_000,
  swipeDirection: "right",
  swipeThresholdPx: 50,
  hotkey: ["F8"],
  /** Viewport max width from `md` up; the class `md:max-w-[420px]` in toast.tsx must match. */
  viewportMaxWidthPx: 420,
} as const;

/** Tooltip delays (portal). */
export const TOOLTIP_DELAYS = { openMs: 700, skipMs: 300 } as const;
