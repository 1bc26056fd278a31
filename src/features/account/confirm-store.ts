/**
 * Sudo mode in the browser: when a sensitive change answers 403 `confirmation_required`, the person is asked
 * for their password (and code) or a passkey in a dialog, and the change they asked for is then made again.
 * Only the waiting is here, on every staff screen; what the dialog does is in confirm-actions.ts, loaded with it.
 */
import { atom } from "nanostores";

/** Settles the open confirmation: true once the person confirmed, false when they closed the dialog. */
export const $confirming = atom<((confirmed: boolean) => void) | null>(null);

let asking: Promise<boolean> | undefined;

/** Opens the confirmation dialog (once, however many calls were refused at the same time) and waits for it. */
export function askToConfirm(): Promise<boolean> {
  asking ??= new Promise<boolean>((resolve) =>
    $confirming.set((confirmed) => {
      asking = undefined;
      $confirming.set(null);
      resolve(confirmed);
    }),
  );
  return asking;
}
