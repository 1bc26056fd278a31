/**
 * A toast that outlives a page change: the portal's pages are separate documents, so "signed in,
 * now on the dashboard" is stored for the next page to show once.
 */
import type { ToastMessage } from "./toast";

const FLASH_KEY = "portalFlash";

/** Keeps `message` for the next page the visitor opens in this tab. */
export function flashToast(message: ToastMessage): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(message));
  } catch {
    // Without storage the message is simply not carried over.
  }
}

/** The message left by the previous page, once; undefined when there is none. */
export function takeFlash(): ToastMessage | undefined {
  try {
    const stored = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    return stored ? (JSON.parse(stored) as ToastMessage) : undefined;
  } catch {
    return undefined;
  }
}
