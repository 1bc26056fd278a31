/** The account screen's calls. */
import { api, read } from "~/lib/api-client";
import type { TotpSetup } from "~/schemas/authenticator";
import { registerPasskey } from "~/portal/passkey-ceremony";
import { createFetcherStore, invalidateKeys, revalidateKeys } from "~/portal/query";
import { ACCOUNT_KEY } from "~/portal/session-store";

/** The query key of the person's signed-in sessions. */
const SESSIONS_KEY = "account/sessions";

export const $sessions = createFetcherStore([SESSIONS_KEY], {
  fetcher: () => read(api.portal.account.sessions.$get()),
});

// Revalidated, not invalidated: the screen keeps showing the account (and a one-time list of recovery codes) meanwhile.
const refreshAccount = () => revalidateKeys(ACCOUNT_KEY);

export async function rename(displayName: string): Promise<void> {
  await read(api.portal.account.$patch({ json: { displayName } }));
  refreshAccount();
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await read(api.portal.account.password.$post({ json: { currentPassword, newPassword } }));
  invalidateKeys(SESSIONS_KEY);
}

export async function signOutSession(id: string): Promise<void> {
  await read(api.portal.account.sessions[":id"].$delete({ param: { id } }));
  invalidateKeys(SESSIONS_KEY);
}

export async function signOutOthers(): Promise<void> {
  await read(api.portal.account.sessions.others.$delete());
  invalidateKeys(SESSIONS_KEY);
}

export const beginTotp = (): Promise<TotpSetup> => read(api.portal.account.totp.$post());

/** Puts the app in force; answers the ten recovery codes, shown once. */
export async function confirmTotp(code: string): Promise<string[]> {
  const { recoveryCodes } = await read(api.portal.account.totp.confirm.$post({ json: { code } }));
  refreshAccount();
  return recoveryCodes;
}

/** Ten new recovery codes, shown once; the old ones stop working. */
export async function replaceRecoveryCodes(): Promise<string[]> {
  const { recoveryCodes } = await read(api.portal.account["recovery-codes"].$post());
  refreshAccount();
  return recoveryCodes;
}

export async function removeTotp(): Promise<void> {
  await read(api.portal.account.totp.$delete());
  refreshAccount();
}

/** The otpauth:// URI as a QR code image (an SVG data URL), drawn here; the QR library is fetched only now. */
export async function qrImage(uri: string): Promise<string> {
  const { renderSVG } = await import("uqr");
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(uri, { border: 2 }))}`;
}

/** Registers a passkey on this device, named `name`. False when the person or the browser cancelled. */
export async function addPasskey(name: string): Promise<boolean> {
  const outcome = await registerPasskey(
    () => read(api.portal.account.passkeys.options.$post()),
    (ticket, response) => read(api.portal.account.passkeys.$post({ json: { ticket, response, name } })),
  );
  if (outcome.ok) refreshAccount();
  return outcome.ok;
}

export async function removePasskey(id: string): Promise<void> {
  await read(api.portal.account.passkeys[":id"].$delete({ param: { id } }));
  refreshAccount();
}

/** A short description of a browser from its user agent, for the session list. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const system = /Windows/.test(userAgent)
    ? "Windows"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Android/.test(userAgent)
          ? "Android"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return system ? `${browser} on ${system}` : browser;
}
