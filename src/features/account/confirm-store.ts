/**
 * Sudo mode in the browser: when a sensitive change answers 403 `confirmation_required`, the person is asked
 * for their password (and code) or a passkey in a dialog, and the change they asked for is then made again.
 */
import { atom } from "nanostores";
import { authenticateWithPasskey } from "~/portal/passkey-ceremony";
import { api, ApiError, read } from "~/lib/api-client";

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

/** Which field a refused confirmation names ("password" or "code"), from the API's issues. */
export function refusedField(error: unknown): "password" | "code" | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const field = error.issues[0]?.path[0];
  return field === "password" || field === "code" ? field : undefined;
}

/** Confirms with the password, and the authenticator's code when one is given. */
export async function confirmWithPassword(password: string, code: string): Promise<void> {
  await read(api.portal.account.confirm.$post({ json: { password, code: code || undefined } }));
}

/** Confirms with one of the person's passkeys. False when the person or the browser cancelled. */
export async function confirmWithPasskey(): Promise<boolean> {
  const outcome = await authenticateWithPasskey(
    () => read(api.portal.account.confirm.passkey.options.$post()),
    (ticket, response) => read(api.portal.account.confirm.$post({ json: { ticket, response } })),
  );
  return outcome.ok;
}
