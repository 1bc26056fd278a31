import { useStore } from "@nanostores/react";
import { useState, type SubmitEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { revalidateKeys } from "~/portal/query";
import { toast } from "~/lib/toast";
import type { Invitation, StaffAccount, StaffRole } from "~/schemas/staff-accounts";
import { AdminOnly } from "~/features/portal-shell/AdminOnly";
import { LoadError } from "~/portal/LoadError";
import { PortalLoadingText } from "~/portal/PortalFrame";
import { portalMessages } from "~/portal/messages";
import { staffMessages } from "./messages";
import { portalPaths } from "~/portal/navigation";
import { $account } from "~/portal/session-store";
import { StaffScreen } from "~/features/portal-shell/StaffScreen";
import { useAction } from "~/portal/use-action";
import {
  $settings,
  $staff,
  change,
  STAFF_KEY,
  invitationUrl,
  invite,
  reset,
  saveSettings,
  secondFactors,
} from "./staff";

/** /portal/staff (admins): every account, adding a person, resets, roles, disabling, and the company's sign-in setting. */
export function StaffPage() {
  return (
    <StaffScreen title="Staff" current={portalPaths.staff} subtitle="Accounts, invitations and sign-in rules">
      <AdminOnly>
        <main className="mx-auto grid max-w-6xl gap-8 px-4 py-8">
          <AddPerson />
          <StaffList />
          <Settings />
        </main>
      </AdminOnly>
    </StaffScreen>
  );
}

/** The one-time link of the latest invite or reset, to copy and send. */
function LinkBox({ invitation, onClose }: { invitation: Invitation; onClose: () => void }) {
  const url = invitationUrl(invitation, window.location.origin);
  return (
    <div role="status" className="bg-gold-50 grid gap-2 rounded-lg border border-gold-500 p-4">
      <p className="text-sm font-semibold text-navy-950">
        One-time link for {invitation.account.displayName || invitation.account.username} (valid until{" "}
        {new Date(invitation.expiresAt).toLocaleString("en-US")}):
      </p>
      <Field label="Invitation link">
        {(control) => <Input {...control} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />}
      </Field>
      <div className="flex gap-2">
        <Button
          variant="accent"
          onClick={() =>
            void navigator.clipboard.writeText(url).then(
              () => toast(staffMessages.linkCopied),
              () => toast(portalMessages.copyFailed),
            )
          }
        >
          Copy link
        </Button>
        <Button variant="outline" onClick={onClose}>
          Done
        </Button>
      </div>
    </div>
  );
}

function AddPerson() {
  const { pending, run } = useAction();
  const [link, setLink] = useState<Invitation | null>(null);
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    void run(async () => {
      const invitation = await invite({
        displayName: String(data.get("displayName") ?? ""),
        username: String(data.get("username") ?? ""),
        role: data.get("role") === "admin" ? "admin" : "staff",
      });
      form.reset();
      setLink(invitation);
    });
  };
  return (
    <section
      aria-labelledby="add-person"
      className="grid grid-cols-1 gap-4 rounded-lg border border-navy-100 bg-white p-6"
    >
      <h2 id="add-person" className="text-lg font-bold">
        Add a person
      </h2>
      <form onSubmit={onSubmit} className="grid grid-cols-1 gap-4 md:grid-cols-[1fr_1fr_auto_auto] md:items-end">
        <Field label="Display name">{(c) => <Input {...c} name="displayName" required maxLength={100} />}</Field>
        <Field label="Username">
          {(c) => <Input {...c} name="username" required maxLength={64} autoComplete="off" />}
        </Field>
        <Field label="Role">
          {(c) => (
            <select
              {...c}
              name="role"
              defaultValue="staff"
              className="h-10 max-w-full rounded-md border border-navy-200 bg-white px-3 text-sm"
            >
              <option value="staff">Staff</option>
              <option value="admin">Admin</option>
            </select>
          )}
        </Field>
        <Button type="submit" variant="accent" disabled={pending}>
          {pending ? "ADDING..." : "Add and get link"}
        </Button>
      </form>
      {link && <LinkBox invitation={link} onClose={() => setLink(null)} />}
    </section>
  );
}

/** A person's notification address as admins see it: confirmed, waiting for its link, or none. */
function notificationAddress(person: StaffAccount): string {
  const confirmed = person.email ? `${person.email} (confirmed)` : "No address";
  return person.pendingEmail ? `${confirmed}; ${person.pendingEmail} not confirmed yet` : confirmed;
}

function StaffList() {
  const { data, error } = useStore($staff);
  const selfId = useStore($account).data?.id;
  const { run } = useAction();
  const [link, setLink] = useState<Invitation | null>(null);
  if (error) return <LoadError what="The staff list" error={error} onRetry={() => revalidateKeys(STAFF_KEY)} />;
  if (!data) return <PortalLoadingText />;
  const act = (fn: () => Promise<unknown>) => () => void run(fn);
  return (
    <section aria-labelledby="people" className="grid grid-cols-1 gap-4">
      <h2 id="people" className="text-lg font-bold">
        People
      </h2>
      {link && <LinkBox invitation={link} onClose={() => setLink(null)} />}
      <ul className="grid grid-cols-1 gap-3">
        {data.map((person: StaffAccount) => (
          <li
            key={person.id}
            className="grid grid-cols-1 gap-3 rounded-lg border border-navy-100 bg-white p-4 md:grid-cols-[2fr_3fr_auto]"
          >
            <div>
              <p className="font-semibold text-navy-950">
                {person.displayName || person.username}
                {person.id === selfId && <span className="text-navy-600"> (you)</span>}
              </p>
              <p className="text-sm text-navy-700">{person.username}</p>
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-navy-600">Role</dt>
              <dd className="capitalize">{person.role}</dd>
              <dt className="text-navy-600">Status</dt>
              <dd className="capitalize">
                {person.status}
                {person.passwordLocked && " (passwords stopped)"}
              </dd>
              <dt className="text-navy-600">Last sign-in</dt>
              <dd>
                {person.lastLoginAt
                  ? `${new Date(person.lastLoginAt).toLocaleString("en-US")} from ${person.lastLoginIp ?? "unknown"}`
                  : "Never"}
              </dd>
              <dt className="text-navy-600">Second factors</dt>
              <dd>{secondFactors(person)}</dd>
              <dt className="text-navy-600">Notifications to</dt>
              <dd className="break-all">{notificationAddress(person)}</dd>
            </dl>
            <div className="flex flex-wrap items-start gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={act(() =>
                  change(person.id, { role: (person.role === "admin" ? "staff" : "admin") as StaffRole }),
                )}
              >
                {person.role === "admin" ? "Make staff" : "Make admin"}
                <span className="sr-only"> {person.username}</span>
              </Button>
              <Button size="sm" variant="outline" onClick={act(async () => setLink(await reset(person.id)))}>
                Reset
                <span className="sr-only"> {person.username}</span>
              </Button>
              {person.status === "disabled" || person.passwordLocked ? (
                <Button size="sm" variant="outline" onClick={act(() => change(person.id, { disabled: false }))}>
                  Enable
                  <span className="sr-only"> {person.username}</span>
                </Button>
              ) : (
                <Button size="sm" variant="outline" onClick={act(() => change(person.id, { disabled: true }))}>
                  Disable
                  <span className="sr-only"> {person.username}</span>
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Settings() {
  const { data } = useStore($settings);
  const { run } = useAction({ done: portalMessages.saved });
  if (!data) return null;
  return (
    <section aria-labelledby="sign-in-rules" className="rounded-lg border border-navy-100 bg-white p-6">
      <h2 id="sign-in-rules" className="text-lg font-bold">
        Sign-in rules
      </h2>
      <label className="mt-3 flex items-center gap-2 text-sm text-navy-900">
        <input
          type="checkbox"
          className="size-4 accent-navy-900"
          checked={data.requireSecondFactor}
          onChange={(event) => {
            const requireSecondFactor = event.currentTarget.checked;
            void run(() => saveSettings({ requireSecondFactor }));
          }}
        />
        Require a second factor for everyone
      </label>
    </section>
  );
}
