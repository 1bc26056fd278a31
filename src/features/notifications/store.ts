/** The signed-in staff member's notification settings: loaded once, saved with their toasts. */
import { atom } from "nanostores";
import { createFetcherStore, mutateCache } from "~/portal/query";
import { notificationMessages } from "./messages";
import { api, read } from "~/lib/api-client";
import { toast } from "~/lib/toast";
import type { NotificationSettings } from "~/schemas/notification-preferences";
import { errorsOfRefusal, validateDraft, type PreferencesDraft, type PreferencesErrors } from "./preferences";

/** The query key of the caller's notification settings. */
const PREFERENCES_KEY = "notification-preferences";

export const $preferences = createFetcherStore<NotificationSettings>([PREFERENCES_KEY], {
  fetcher: () => read(api.portal["notification-preferences"].$get()),
});
/** True while a save is on its way. */
export const $saving = atom(false);

/** Saves `draft`; resolves with the errors to show (none when it was saved). */
export async function savePreferences(draft: PreferencesDraft): Promise<PreferencesErrors> {
  const checked = validateDraft(draft);
  if (!checked.ok) return checked.errors;
  if ($saving.get()) return {};
  $saving.set(true);
  try {
    const before = $preferences.get().data;
    const saved = await read(api.portal["notification-preferences"].$put({ json: checked.body }));
    await mutateCache(PREFERENCES_KEY, saved);
    const linkSent = saved.pendingEmail !== null && saved.pendingUntil !== before?.pendingUntil;
    toast(linkSent ? notificationMessages.confirmationSent : notificationMessages.saved);
    return {};
  } catch (error) {
    const errors = errorsOfRefusal(error);
    toast({ ...notificationMessages.saveFailed, description: errors.form ?? errors.email });
    return errors;
  } finally {
    $saving.set(false);
  }
}
