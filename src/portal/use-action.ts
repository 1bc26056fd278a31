/**
 * The portal's one way to run an action from a button or a form: pending while it runs, a toast when it is
 * done, and on failure a toast with the API's own words (a taken username, the last-admin rule) or the
 * feature's fallback text.
 */
import { useState } from "react";
import { ApiError } from "~/lib/api-client";
import { toast, type ToastMessage } from "~/lib/toast";
import { portalMessages } from "./messages";

/** What an action toasts: `done` after it (nothing when left out), `failed` when it throws. */
export interface ActionToasts {
  done?: ToastMessage;
  /** The failure's title and fallback description; "Could not save" unless the feature says otherwise. */
  failed?: ToastMessage;
}

/** The failure toast for `error`: `failed` with the API's own words as its description when it gave some. */
export function failureToast(error: unknown, failed: ToastMessage = portalMessages.saveFailed): ToastMessage {
  const words = error instanceof ApiError ? error.serverMessage : undefined;
  return words ? { ...failed, description: words } : failed;
}

/** Runs `action` and toasts its outcome; resolves true when it succeeded. */
export async function runAction(action: () => Promise<unknown>, { done, failed }: ActionToasts = {}): Promise<boolean> {
  try {
    await action();
  } catch (error) {
    toast(failureToast(error, failed));
    return false;
  }
  if (done) toast(done);
  return true;
}

/**
 * React hook around `runAction`: `run(action, toasts)` runs one action of the component and `pending` is true
 * while one runs (its buttons wait). `toasts` given here apply to every run; a run's own override them.
 */
export function useAction(toasts: ActionToasts = {}) {
  const [pending, setPending] = useState(false);
  const run = async (action: () => Promise<unknown>, own: ActionToasts = {}): Promise<boolean> => {
    setPending(true);
    try {
      return await runAction(action, { ...toasts, ...own });
    } finally {
      setPending(false);
    }
  };
  return { pending, run };
}
