/** The staff screen's calls and the words it shows for each account state. */
import { apiPath } from "~/lib/api-routes";
import { SETTINGS_PATH, STAFF_ITEM_PATH, STAFF_PATH, STAFF_RESET_PATH } from "~/lib/api-routes-staff";
import { apiRequest } from "~/lib/api-client";
import type { Invitation, StaffAccount, StaffRole } from "~/schemas/staff-accounts";
import type { PortalSettings } from "~/schemas/company-settings";
import { createFetcherStore, invalidateKeys } from "~/features/portal/query";

export const $staff = createFetcherStore<StaffAccount[]>([STAFF_PATH]);
export const $settings = createFetcherStore<PortalSettings>([SETTINGS_PATH]);

/** The full link an admin copies: the page's origin plus the one-time path and secret. */
export const invitationUrl = (invitation: Invitation, origin: string) => `${origin}${invitation.link}`;

/** "TOTP, 2 passkeys", or "None". */
export function secondFactors(account: Pick<StaffAccount, "totp" | "passkeys">): string {
  const parts = [
    account.totp ? "Authenticator app" : "",
    account.passkeys ? `${account.passkeys} passkey${account.passkeys === 1 ? "" : "s"}` : "",
  ].filter(Boolean);
  return parts.join(", ") || "None";
}

export async function invite(input: { displayName: string; username: string; role: StaffRole }): Promise<Invitation> {
  const invitation = await apiRequest<Invitation>(STAFF_PATH, { method: "POST", json: input });
  invalidateKeys(STAFF_PATH);
  return invitation;
}

export async function reset(id: string): Promise<Invitation> {
  const invitation = await apiRequest<Invitation>(apiPath(STAFF_RESET_PATH, { id }), { method: "POST" });
  invalidateKeys(STAFF_PATH);
  return invitation;
}

export async function change(id: string, json: { role?: StaffRole; disabled?: boolean }): Promise<void> {
  await apiRequest(apiPath(STAFF_ITEM_PATH, { id }), { method: "PATCH", json });
  invalidateKeys(STAFF_PATH);
}

export async function saveSettings(settings: PortalSettings): Promise<void> {
  await apiRequest(SETTINGS_PATH, { method: "PUT", json: settings });
  invalidateKeys(SETTINGS_PATH);
}
