/** The public header's behaviour: when it hides on scroll, which link is current, and its layout constants. */

/**
 * Viewport width (px) from which the desktop layout applies; below it the mobile menu is used. Tailwind's `md`
 * breakpoint is the same 768 px, so `md:` classes and this constant always agree.
 */
export const MOBILE_BREAKPOINT_PX = 768;

/** The header hides when the page is scrolled down past this many pixels. */
const HEADER_HIDE_AFTER_PX = 100;

/** The header is always shown while the page is scrolled less than this many pixels. */
const HEADER_ALWAYS_VISIBLE_WITHIN_PX = 10;

/** Width of the mobile slide-in menu panel. */
export const MOBILE_MENU_WIDTH_PX = 250;

/**
 * Whether the header is hidden after the page scrolled from `previousY` to `y`: hidden when moving down
 * past the hide threshold, shown when moving up or near the top, unchanged otherwise.
 */
export function nextHeaderHidden(wasHidden: boolean, previousY: number, y: number): boolean {
  if (y <= HEADER_ALWAYS_VISIBLE_WITHIN_PX) return false;
  if (y > previousY && y > HEADER_HIDE_AFTER_PX) return true;
  if (y < previousY) return false;
  return wasHidden;
}

/** Drops a trailing slash (except the root) so "/about/" and "/about" compare equal. */
function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
}

/** Whether a nav link points at the page being shown. */
export function isCurrentPath(href: string, currentPath: string): boolean {
  return normalizePath(href) === normalizePath(currentPath);
}
