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

/*
 * Toast settings (spec 9) are TOAST_SETTINGS in src/lib/toast.ts, beside the toast store: kept out of this
 * module so the header and the contact form share no chunk (one request and ~150 bytes on /contact).
 */

/** Tooltip delays (portal). */
export const TOOLTIP_DELAYS = { openMs: 700, skipMs: 300 } as const;
