import { useStore } from "@nanostores/react";
import { useEffect, useState, type ReactNode, type SubmitEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { Account } from "~/schemas/own-account";
import type { TotpSetup } from "~/schemas/authenticator";
import { LoadError } from "~/portal/LoadError";
import { PortalLoadingText } from "~/portal/PortalFrame";
import { portalMessages } from "~/portal/messages";
import { accountMessages } from "./messages";
import { portalPaths } from "~/portal/navigation";
import { revalidateKeys } from "~/portal/query";
import { $account, ACCOUNT_KEY } from "~/portal/session-store";
import { StaffScreen } from "~/features/portal-shell/StaffScreen";
import { useAction } from "~/portal/use-action";
import {
  $sessions,
  addPasskey,
  beginTotp,
  changePassword,
  confirmTotp,
  deviceName,
  qrImage,
  removePasskey,
  removeTotp,
  replaceRecoveryCodes,
  rename,
  signOutOthers,
  signOutSession,
} from "./account";
import { NewPasswordField } from "./NewPasswordField";
import { NotificationSettings } from "~/features/notifications/NotificationSettings";

/** /portal/account: name, password, sessions, second factor and passkeys of the signed-in person. */
export function AccountPage() {
  return (
    <StaffScreen title="Account" current={portalPaths.account} subtitle="Your name, password and ways to sign in">
      <AccountBody />
    </StaffScreen>
  );
}

function AccountBody() {
  const { data: account, error } = useStore($account);
  if (error) return <LoadError what="Your account" error={error} onRetry={() => revalidateKeys(ACCOUNT_KEY)} />;
  if (!account) return <PortalLoadingText />;
  return (
    <main className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      {account.requireSecondFactor && !account.totp && (
        <p
          role="alert"
          className="bg-gold-50 rounded-lg border border-gold-500 p-4 text-sm font-semibold text-navy-950"
        >
          The company requires a second factor: set up an authenticator app below to use the portal.
        </p>
      )}
      <Profile account={account} />
      <SecondFactor account={account} />
      <Passkeys account={account} />
      <Password account={account} />
      <Sessions />
      <NotificationSettings />
    </main>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="grid grid-cols-1 gap-4 rounded-lg border border-navy-100 bg-white p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-navy-950">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Profile({ account }: { account: Account }) {
  const { run } = useAction({ done: portalMessages.saved });
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("displayName") ?? "");
    void run(() => rename(name));
  };
  return (
    <Section id="profile" title="Profile">
      <p className="text-sm text-navy-700">
        Username <strong>{account.username}</strong>, role <strong className="capitalize">{account.role}</strong>
      </p>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
        <Field label="Display name" className="min-w-60 flex-1">
          {(c) => <Input {...c} name="displayName" defaultValue={account.displayName} required maxLength={100} />}
        </Field>
        <Button type="submit" variant="accent">
          Save name
        </Button>
      </form>
    </Section>
  );
}

function Password({ account }: { account: Account }) {
  const { pending, run } = useAction({ done: accountMessages.passwordChanged });
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    void run(async () => {
      await changePassword(String(data.get("currentPassword") ?? ""), String(data.get("newPassword") ?? ""));
      form.reset();
    });
  };
  return (
    <Section id="password" title="Password">
      <form onSubmit={onSubmit} className="grid grid-cols-1 gap-4">
        <Field label="Current password">
          {(c) => <Input {...c} name="currentPassword" type="password" autoComplete="current-password" required />}
        </Field>
        <NewPasswordField name="newPassword" label="New password" personal={[account.username, account.displayName]} />
        <Button type="submit" variant="accent" disabled={pending} className="justify-self-start">
          {pending ? "SAVING..." : "Change password"}
        </Button>
      </form>
    </Section>
  );
}

function SecondFactor({ account }: { account: Account }) {
  const [setup, setSetup] = useState<(TotpSetup & { image: string }) | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { run } = useAction();
  // The login page sends a person who must set one up here: open the set-up straight away.
  useEffect(() => {
    if (account.requireSecondFactor && !account.totp && window.location.hash === "#second-factor")
      document.getElementById("second-factor")?.scrollIntoView();
  }, [account]);
  const start = () =>
    void run(async () => {
      const next = await beginTotp();
      setSetup({ ...next, image: await qrImage(next.uri) });
    });
  const onConfirm = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    void run(
      async () => {
        setCodes(await confirmTotp(code));
        setSetup(null);
      },
      { done: accountMessages.totpEnabled },
    );
  };
  return (
    <Section id="second-factor" title="Authenticator app (second factor)">
      {codes && (
        <div role="status" className="bg-gold-50 rounded-lg border border-gold-500 p-4">
          <p className="text-sm font-semibold text-navy-950">
            Your recovery codes. Each works once if you lose your phone. They are shown only now: print or store them.
          </p>
          <ul aria-label="Recovery codes" className="mt-3 grid gap-1 font-mono text-sm sm:grid-cols-2">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <Button variant="outline" className="mt-3" onClick={() => setCodes(null)}>
            I have saved them
          </Button>
        </div>
      )}
      {account.totp ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p>
            Set up. {account.recoveryCodesLeft} recovery code{account.recoveryCodesLeft === 1 ? "" : "s"} left.
          </p>
          <Button
            variant="outline"
            onClick={() =>
              void run(async () => setCodes(await replaceRecoveryCodes()), {
                done: accountMessages.recoveryCodesReplaced,
              })
            }
          >
            New recovery codes
          </Button>
          <Button variant="outline" onClick={() => void run(removeTotp, { done: accountMessages.totpRemoved })}>
            Remove authenticator app
          </Button>
        </div>
      ) : setup ? (
        <form onSubmit={onConfirm} className="grid grid-cols-1 gap-4 md:grid-cols-[auto_1fr] md:items-start">
          <img
            src={setup.image}
            alt="QR code for your authenticator app"
            width={180}
            height={180}
            className="size-44"
          />
          <div className="grid grid-cols-1 gap-3">
            <p className="text-sm text-navy-700">
              Scan the code with your authenticator app, or type this key:{" "}
              <code className="break-all">{setup.secret}</code>
            </p>
            <Field label="Code from the app">
              {(c) => <Input {...c} name="code" inputMode="numeric" autoComplete="one-time-code" required />}
            </Field>
            <Button type="submit" variant="accent" className="justify-self-start">
              Confirm
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p>Not set up. Password sign-ins then ask for a code from your phone.</p>
          <Button variant="accent" onClick={start}>
            Set up authenticator app
          </Button>
        </div>
      )}
    </Section>
  );
}

function Passkeys({ account }: { account: Account }) {
  const { pending, run } = useAction();
  const add = () =>
    run(
      async () => {
        if (!(await addPasskey(deviceName(navigator.userAgent)))) throw new Error("cancelled");
      },
      { done: accountMessages.passkeyAdded },
    );
  return (
    <Section id="passkeys" title="Passkeys">
      <p className="text-sm text-navy-700">
        A passkey signs you in with this device&apos;s screen lock, no password or code needed.
      </p>
      {account.passkeys.length === 0 && <p className="text-sm text-navy-700">No passkey added yet.</p>}
      {account.passkeys.length > 0 && (
        <ul className="grid grid-cols-1 gap-2">
          {account.passkeys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                {key.name}, added {new Date(key.createdAt).toLocaleDateString("en-US")}
              </span>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Remove passkey ${key.name}`}
                onClick={() => void run(() => removePasskey(key.id), { done: accountMessages.passkeyRemoved })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="accent" disabled={pending} onClick={() => void add()} className="justify-self-start">
        Add a passkey
      </Button>
    </Section>
  );
}

function Sessions() {
  const { data, error } = useStore($sessions);
  const { run } = useAction();
  return (
    <Section id="sessions" title="Where you are signed in">
      {error ? (
        <p className="text-sm text-red-800">The sessions could not be loaded.</p>
      ) : !data ? (
        <PortalLoadingText />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-2">
            {data.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  <strong>{deviceName(session.userAgent)}</strong> from {session.ip ?? "unknown address"}, last seen{" "}
                  {new Date(session.lastUsedAt).toLocaleString("en-US")}
                  {session.current && " (this device)"}
                </span>
                {!session.current && (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() =>
                      void run(() => signOutSession(session.id), { done: accountMessages.signedOutSession })
                    }
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {data.length > 1 && (
            <Button
              variant="outline"
              className="justify-self-start"
              onClick={() => void run(signOutOthers, { done: accountMessages.signedOutOthers })}
            >
              Sign out everywhere else
            </Button>
          )}
        </>
      )}
    </Section>
  );
}
