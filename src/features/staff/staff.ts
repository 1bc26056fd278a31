/** The staff screen's calls and the words it shows for each account state. */
import { api, read } from "~/lib/api-client";
import type { Invitation, StaffAccount, StaffRole } from "~/schemas/staff-accounts";
import type { PortalSettings } from "~/schemas/company-settings";
import { createFetcherStore, invalidateKeys } from "~/portal/query";

/** The query keys of the staff list and the company's sign-in settings. */
export const STAFF_KEY = "staff";
const SETTINGS_KEY = "settings";

export const $staff = createFetcherStore([STAFF_KEY], { fetcher: () => read(api.portal.staff.$get()) });
export const $settings = createFetcherStore([SETTINGS_KEY], { fetcher: () => read(api.portal.settings.$get()) });

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
  const invitation = await read(api.portal.staff.$post({ json: input }));
  invalidateKeys(STAFF_KEY);
  return invitation;
}

export async function reset(id: string): Promise<Invitation> {
  const invitation = await read(api.portal.staff[":id"].reset.$post({ param: { id } }));
  invalidateKeys(STAFF_KEY);
  return invitation;
}

export async function change(id: string, json: { role?: StaffRole; disabled?: boolean }): Promise<void> {
  await read(api.portal.staff[":id"].$patch({ param: { id }, json }));
  invalidateKeys(STAFF_KEY);
}

export async function saveSettings(settings: PortalSettings): Promise<void> {
  await read(api.portal.settings.$put({ json: settings }));
  invalidateKeys(SETTINGS_KEY);
}
