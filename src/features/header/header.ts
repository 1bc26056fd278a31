import { HEADER_ALWAYS_VISIBLE_WITHIN_PX, HEADER_HIDE_AFTER_PX } from "~/config/ui";

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
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
}

/** Whether a nav link points at the page being shown. */
export function isCurrentPath(href: string, currentPath: string): boolean {
  return normalizePath(href) === normalizePath(currentPath);
}
