/** The notification settings form: its choices, its draft, and how a draft or a refusal becomes messages. */
import { ApiError } from "~/lib/api-client";
import {
  notificationPreferencesSchema,
  type NotificationPreferences,
  type NotificationSettings,
  type NotifyChoice,
} from "~/schemas/notification-preferences";

/** The choices as the form offers them. */
export const NOTIFY_OPTIONS: { value: NotifyChoice; label: string; description: string }[] = [
  { value: "each", label: "Every new message", description: "An e-mail as soon as a visitor writes." },
  { value: "digest", label: "Daily digest", description: "One e-mail at 7:00 (Central time) with the day's messages." },
  { value: "none", label: "No e-mails", description: "Check the inbox yourself." },
];

/** What the form holds: the address as typed ("" for none). */
export interface PreferencesDraft {
  email: string;
  notify: NotifyChoice;
}

/** Errors to show: by field, and one for the whole form. */
export interface PreferencesErrors {
  email?: string;
  notify?: string;
  form?: string;
}

/** The form's starting state for saved settings: the address last asked for, confirmed or not. */
export const draftOf = (saved: NotificationSettings): PreferencesDraft => ({
  email: saved.pendingEmail ?? saved.email ?? "",
  notify: saved.notify,
});

/** Where e-mails go now and what waits for its link, in words for the settings form. */
export function addressStatus(saved: NotificationSettings): { current: string; pending?: string } {
  const current = saved.email ? `E-mails go to ${saved.email}.` : "No confirmed address: no e-mails are sent to you.";
  if (!saved.pendingEmail) return { current };
  const until = new Date(saved.pendingUntil!).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
  return {
    current,
    pending: `Confirmation pending: open the link we sent to ${saved.pendingEmail} by ${until}. Nothing is sent there until then.`,
  };
}

/** The draft as the API takes it, or the errors that keep it from being sent. */
export function validateDraft(
  draft: PreferencesDraft,
): { ok: true; body: NotificationPreferences } | { ok: false; errors: PreferencesErrors } {
  const parsed = notificationPreferencesSchema.safeParse({ email: draft.email.trim() || null, notify: draft.notify });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: PreferencesErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === "notify" ? "notify" : issue.path[0] === "email" ? "email" : "form";
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A refused save as form errors: the API's own words where it gives them. */
export function errorsOfRefusal(error: unknown): PreferencesErrors {
  if (error instanceof ApiError) {
    if (error.status === 400) {
      const issues = error.issues;
      const email = issues.find((i) => i.path[0] === "email")?.message;
      if (email) return { email };
    }
    if (error.status === 0) return { form: "The server could not be reached. Check your connection and try again." };
    if (error.serverMessage && error.status < 500) return { form: error.serverMessage };
  }
  return { form: "The settings could not be saved. Please try again." };
}
