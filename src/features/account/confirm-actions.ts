/**
 * What the confirmation dialog does: confirm with the password (and code) or a passkey. Loaded with the dialog,
 * the first time a change needs it, so the passkey ceremony's code is not on every staff screen up front.
 */
import { authenticateWithPasskey } from "~/portal/passkey-ceremony";
import { api, ApiError, read } from "~/lib/api-client";

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
