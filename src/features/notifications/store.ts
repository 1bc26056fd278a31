/** The signed-in staff member's notification settings: loaded once, saved with their toasts. */
import { atom } from "nanostores";
import { createFetcherStore, mutateCache } from "~/features/portal/query";
import { notificationMessages } from "./messages";
import { apiRequest } from "~/lib/api-client";
import { NOTIFICATION_PREFERENCES_PATH } from "~/lib/api-routes";
import { toast } from "~/lib/toast";
import type { NotificationSettings } from "~/schemas/notification-preferences";
import { errorsOfRefusal, validateDraft, type PreferencesDraft, type PreferencesErrors } from "./preferences";

export const $preferences = createFetcherStore<NotificationSettings>([NOTIFICATION_PREFERENCES_PATH]);
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
    const saved = await apiRequest<NotificationSettings>(NOTIFICATION_PREFERENCES_PATH, {
      method: "PUT",
      json: checked.body,
    });
    await mutateCache(NOTIFICATION_PREFERENCES_PATH, saved);
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
