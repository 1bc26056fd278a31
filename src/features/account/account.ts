/** The account screen's calls. */
import { apiPath } from "~/lib/api-routes";
import {
  ACCOUNT_OTHER_SESSIONS_PATH,
  ACCOUNT_PASSKEY_ITEM_PATH,
  ACCOUNT_PASSKEY_OPTIONS_PATH,
  ACCOUNT_PASSKEYS_PATH,
  ACCOUNT_PASSWORD_PATH,
  ACCOUNT_PATH,
  ACCOUNT_SESSION_ITEM_PATH,
  ACCOUNT_SESSIONS_PATH,
  ACCOUNT_TOTP_CONFIRM_PATH,
  ACCOUNT_TOTP_PATH,
} from "~/lib/api-routes-staff";
import { apiRequest } from "~/lib/api-client";
import type { SessionInfo } from "~/schemas/sessions";
import type { TotpSetup } from "~/schemas/authenticator";
import { createFetcherStore, invalidateKeys, revalidateKeys } from "~/features/portal/query";

export const $sessions = createFetcherStore<SessionInfo[]>([ACCOUNT_SESSIONS_PATH]);

// Revalidated, not invalidated: the screen keeps showing the account (and a one-time list of recovery codes) meanwhile.
const refreshAccount = () => revalidateKeys(ACCOUNT_PATH);

export async function rename(displayName: string): Promise<void> {
  await apiRequest(ACCOUNT_PATH, { method: "PATCH", json: { displayName } });
  refreshAccount();
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await apiRequest(ACCOUNT_PASSWORD_PATH, { method: "POST", json: { currentPassword, newPassword } });
  invalidateKeys(ACCOUNT_SESSIONS_PATH);
}

export async function signOutSession(id: string): Promise<void> {
  await apiRequest(apiPath(ACCOUNT_SESSION_ITEM_PATH, { id }), { method: "DELETE" });
  invalidateKeys(ACCOUNT_SESSIONS_PATH);
}

export async function signOutOthers(): Promise<void> {
  await apiRequest(ACCOUNT_OTHER_SESSIONS_PATH, { method: "DELETE" });
  invalidateKeys(ACCOUNT_SESSIONS_PATH);
}

export const beginTotp = () => apiRequest<TotpSetup>(ACCOUNT_TOTP_PATH, { method: "POST" });

/** Puts the app in force; answers the ten recovery codes, shown once. */
export async function confirmTotp(code: string): Promise<string[]> {
  const { recoveryCodes } = await apiRequest<{ recoveryCodes: string[] }>(ACCOUNT_TOTP_CONFIRM_PATH, {
    method: "POST",
    json: { code },
  });
  refreshAccount();
  return recoveryCodes;
}

export async function removeTotp(): Promise<void> {
  await apiRequest(ACCOUNT_TOTP_PATH, { method: "DELETE" });
  refreshAccount();
}

/** The otpauth:// URI as a QR code image (an SVG data URL), drawn here; the QR library is fetched only now. */
export async function qrImage(uri: string): Promise<string> {
  const { renderSVG } = await import("uqr");
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(uri, { border: 2 }))}`;
}

/**
 * Registers a passkey on this device: the server's options, the browser's ceremony (the WebAuthn library is
 * fetched only now), the server's check. False when the person or the browser cancelled.
 */
export async function addPasskey(name: string): Promise<boolean> {
  const [{ startRegistration }, { ticket, options }] = await Promise.all([
    import("@simplewebauthn/browser"),
    apiRequest<{
      ticket: string;
      options: Parameters<typeof import("@simplewebauthn/browser").startRegistration>[0]["optionsJSON"];
    }>(ACCOUNT_PASSKEY_OPTIONS_PATH, { method: "POST" }),
  ]);
  let response: unknown;
  try {
    response = await startRegistration({ optionsJSON: options });
  } catch {
    return false;
  }
  await apiRequest(ACCOUNT_PASSKEYS_PATH, { method: "POST", json: { ticket, response, name } });
  refreshAccount();
  return true;
}

export async function removePasskey(id: string): Promise<void> {
  await apiRequest(apiPath(ACCOUNT_PASSKEY_ITEM_PATH, { id }), { method: "DELETE" });
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
