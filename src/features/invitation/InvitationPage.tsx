import { useEffect, useState, type SubmitEvent } from "react";
import { Button } from "~/components/ui/button";
import { ApiError } from "~/lib/api-client";
import { setPortalToken } from "~/lib/portal-token";
import { toast } from "~/lib/toast";
import { NewPasswordField } from "~/features/account/NewPasswordField";
import { addPasskey, deviceName } from "~/features/account/account";
import { keepDeviceToken } from "~/portal/login";
import { accountMessages } from "~/features/account/messages";
import { portalPaths, SECOND_FACTOR_SETUP } from "~/portal/navigation";
import { ConfirmIdentity } from "~/features/account/ConfirmIdentity";
import { LinkCard, LinkChecking, LinkRefused } from "~/portal/LinkCard";
import { acceptInvitation, invitationInfo, secretFromHash } from "./invitation";

type State =
  | { step: "checking" }
  | { step: "gone"; message: string }
  | { step: "choose"; username: string; displayName: string }
  | { step: "passkey"; required: boolean };

/** /portal/invitation#secret: choose a password for an invited account, then optionally add a passkey. */
export function InvitationPage() {
  const [secret] = useState(() => secretFromHash(window.location.hash));
  const [state, setState] = useState<State>({ step: "checking" });
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!secret) return setState({ step: "gone", message: "This link is not complete. Ask an admin for a new one." });
    invitationInfo(secret).then(
      (info) => setState({ step: "choose", ...info }),
      (failure: unknown) =>
        setState({
          step: "gone",
          message:
            (failure instanceof ApiError && failure.serverMessage) ||
            "This link could not be checked. Check your connection and reload the page.",
        }),
    );
  }, [secret]);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.step !== "choose") return;
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setPending(true);
    try {
      const signedIn = await acceptInvitation(secret, password);
      setPortalToken(signedIn.token);
      keepDeviceToken(state.username, signedIn.deviceToken);
      // The secret is spent: do not leave it in the address bar or history.
      history.replaceState(null, "", portalPaths.invitation);
      setState({ step: "passkey", required: signedIn.setupSecondFactor === true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 410)
        setState({ step: "gone", message: failure.serverMessage ?? "This link can no longer be used." });
      else setError((failure instanceof ApiError && failure.serverMessage) || "Could not save, please try again");
    } finally {
      setPending(false);
    }
  };

  const onPasskey = async () => {
    setPending(true);
    try {
      if (await addPasskey(deviceName(navigator.userAgent))) {
        toast(accountMessages.passkeyAdded);
        window.location.assign(portalPaths.dashboard);
        return;
      }
      toast(accountMessages.passkeyNotAdded);
    } catch {
      toast(accountMessages.passkeyNotAdded);
    }
    setPending(false);
  };

  return (
    <LinkCard dialogs={<ConfirmIdentity />}>
      {state.step === "checking" && <LinkChecking>Checking your link...</LinkChecking>}
      {state.step === "gone" && (
        <>
          <LinkRefused message={state.message} />
          <a href={portalPaths.login} className="mt-6 inline-block text-sm font-semibold underline">
            Go to sign in
          </a>
        </>
      )}
      {state.step === "choose" && (
        <>
          <h1 className="mt-8 text-2xl font-extrabold">Welcome, {state.displayName || state.username}</h1>
          <p className="mt-1 text-sm text-navy-600">
            Choose a password for <strong>{state.username}</strong>.
          </p>
          <form onSubmit={onSubmit} className="mt-6 grid gap-4">
            <NewPasswordField
              name="password"
              label="New password"
              personal={[state.username, state.displayName]}
              error={error}
            />
            <Button type="submit" variant="accent" disabled={pending}>
              {pending ? "SAVING..." : "Set password"}
            </Button>
          </form>
        </>
      )}
      {state.step === "passkey" && (
        <>
          <h1 className="mt-8 text-2xl font-extrabold">You are signed in</h1>
          <p className="mt-1 text-sm text-navy-600">
            Add a passkey to sign in next time with this device&apos;s screen lock instead of your password.
          </p>
          {state.required && (
            <p role="alert" className="mt-2 text-sm font-semibold text-navy-950">
              The company requires a second factor: add a passkey now, or set up an authenticator app on your account
              page.
            </p>
          )}
          <div className="mt-6 grid gap-3">
            <Button variant="accent" disabled={pending} onClick={() => void onPasskey()}>
              Add a passkey
            </Button>
            <a
              href={state.required ? SECOND_FACTOR_SETUP : portalPaths.dashboard}
              className="text-center text-sm font-semibold underline"
            >
              {state.required ? "Set up an authenticator app instead" : "Not now, go to the portal"}
            </a>
          </div>
        </>
      )}
    </LinkCard>
  );
}
