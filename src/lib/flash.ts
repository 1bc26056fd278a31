/**
 * A toast that outlives a page change: the portal's pages are separate documents, so "signed in,
 * now on the dashboard" is stored for the next page to show once. Each message names the page it is
 * for: a page that is still mounting while it leaves (a 401 on its first call) must not take the
 * message meant for the sign-in page.
 */
import type { ToastMessage } from "./toast";

const FLASH_KEY = "portalFlash";

interface Flash {
  path: string;
  message: ToastMessage;
}

const samePath = (a: string, b: string) => a.replace(/\/+$/, "") === b.replace(/\/+$/, "");

/** Keeps `message` for the page at `path`, the next one the visitor opens in this tab. */
export function flashToast(message: ToastMessage, path: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify({ path, message } satisfies Flash));
  } catch {
    // Without storage the message is simply not carried over.
  }
}

/** The message the previous page left for this one, once; undefined when there is none. */
export function takeFlash(path = window.location.pathname): ToastMessage | undefined {
  try {
    const stored = sessionStorage.getItem(FLASH_KEY);
    if (!stored) return undefined;
    const flash = JSON.parse(stored) as Partial<Flash>;
    if (typeof flash.path !== "string" || !samePath(flash.path, path)) return undefined;
    sessionStorage.removeItem(FLASH_KEY);
    return flash.message;
  } catch {
    return undefined;
  }
}
