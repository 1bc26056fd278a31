/** The signed-in staff member's notification settings: loaded once, saved with their toasts. */
import { atom } from "nanostores";
import { createFetcherStore, mutateCache } from "~/features/portal/query";
import { notificationMessages } from "~/features/portal/messages";
import { apiRequest } from "~/lib/api-client";
import { NOTIFICATION_PREFERENCES_PATH } from "~/lib/api-routes";
import { toast } from "~/lib/toast";
import type { NotificationPreferences } from "~/schemas/notification-preferences";
import { errorsOfRefusal, validateDraft, type PreferencesDraft, type PreferencesErrors } from "./preferences";

export const $preferences = createFetcherStore<NotificationPreferences>([NOTIFICATION_PREFERENCES_PATH]);
/** True while a save is on its way. */
export const $saving = atom(false);

/** Saves `draft`; resolves with the errors to show (none when it was saved). */
export async function savePreferences(draft: PreferencesDraft): Promise<PreferencesErrors> {
  const checked = validateDraft(draft);
  if (!checked.ok) return checked.errors;
  if ($saving.get()) return {};
  $saving.set(true);
  try {
    const saved = await apiRequest<NotificationPreferences>(NOTIFICATION_PREFERENCES_PATH, {
      method: "PUT",
      json: checked.body,
    });
    await mutateCache(NOTIFICATION_PREFERENCES_PATH, saved);
    toast(notificationMessages.saved);
    return {};
  } catch (error) {
    const errors = errorsOfRefusal(error);
    toast({ ...notificationMessages.saveFailed, description: errors.form ?? errors.email });
    return errors;
  } finally {
    $saving.set(false);
  }
}
