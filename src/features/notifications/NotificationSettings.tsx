import { useStore } from "@nanostores/react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { LoadError } from "~/portal/LoadError";
import type { NotificationSettings as Saved } from "~/schemas/notification-preferences";
import { addressStatus, draftOf, NOTIFY_OPTIONS, type PreferencesErrors } from "./preferences";
import { $preferences, $saving, savePreferences } from "./store";

/** The signed-in staff member's notification e-mails: where they go, and for what. */
export function NotificationSettings() {
  const { data, error, loading } = useStore($preferences);
  const headingId = useId();
  return (
    <section
      id="notifications"
      aria-labelledby={headingId}
      className="grid grid-cols-1 gap-4 rounded-lg border border-navy-100 bg-white p-5 shadow-sm"
    >
      <div className="grid grid-cols-1 gap-1">
        <h2 id={headingId} className="text-lg font-bold text-navy-950">
          Notification e-mails
        </h2>
        <p className="text-sm text-navy-600">
          How you hear about new messages from the website. At least one person must keep receiving them.
        </p>
      </div>
      {data ? (
        // Keyed by what was saved: a save (or a later load) starts the form over from it.
        <PreferencesForm key={`${data.email ?? ""} ${data.pendingEmail ?? ""} ${data.notify}`} saved={data} />
      ) : error ? (
        <LoadError what="Your notification settings" error={error} onRetry={() => $preferences.revalidate()} />
      ) : (
        loading && <p className="text-sm text-navy-600">Loading your settings...</p>
      )}
    </section>
  );
}

function PreferencesForm({ saved }: { saved: Saved }) {
  const saving = useStore($saving);
  const [draft, setDraft] = useState(() => draftOf(saved));
  const status = addressStatus(saved);
  const [errors, setErrors] = useState<PreferencesErrors>({});
  const groupId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors(await savePreferences(draft));
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid grid-cols-1 gap-4">
      <Field label="Your e-mail address" error={errors.email} className="max-w-md">
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            value={draft.email}
            onChange={(event) => setDraft({ ...draft, email: event.target.value })}
          />
        )}
      </Field>
      <div role="status" className="grid grid-cols-1 gap-1 text-sm">
        <p className="text-navy-700">{status.current}</p>
        {status.pending && (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">{status.pending}</p>
        )}
      </div>
      <fieldset className="grid grid-cols-1 gap-2" aria-describedby={errors.notify ? `${groupId}-error` : undefined}>
        <legend className="text-sm font-semibold text-navy-900">Send me</legend>
        {NOTIFY_OPTIONS.map((option) => (
          <label key={option.value} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={`${groupId}-notify`}
              value={option.value}
              checked={draft.notify === option.value}
              onChange={() => setDraft({ ...draft, notify: option.value })}
              className="mt-1 accent-navy-900"
            />
            <span>
              <span className="font-semibold text-navy-900">{option.label}</span>
              <span className="block text-navy-600">{option.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {(errors.form || errors.notify) && (
        <p id={`${groupId}-error`} role="alert" className="text-sm font-medium text-red-700">
          {errors.form ?? errors.notify}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={saving}>
        {saving ? "Saving..." : "Save notification settings"}
      </Button>
    </form>
  );
}
