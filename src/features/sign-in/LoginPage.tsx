import { useEffect, useState, type SubmitEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { TOKEN_TTL_SECONDS } from "~/schemas/limits";
import { portalMessages } from "~/portal/messages";
import { portalPaths } from "~/portal/navigation";
import { flashToast } from "~/lib/flash";
import { setPortalToken } from "~/lib/portal-token";
import { toast } from "~/lib/toast";
import { signIn, signInWithPasskey, submitCode, type LoginResult } from "~/portal/login";
import { SECOND_FACTOR_SETUP } from "~/portal/navigation";
import { PortalBrand, PortalFrame } from "~/portal/PortalFrame";
import { redirectTo, storedSessionState } from "~/portal/session";

type FieldName = "username" | "password" | "code";

const REMEMBER_ME_DAYS = Math.round(TOKEN_TTL_SECONDS.rememberMe / 86_400);

/**
 * /portal/login: username, password, "stay signed in" (on by default), SIGN IN; "Sign in with a passkey";
 * and, for an account with an authenticator app, a second screen in the same island for its code.
 */
export function LoginPage() {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [secondStep, setSecondStep] = useState<{ ticket: string; username: string } | null>(null);

  // Someone already signed in goes straight on; a token the API no longer accepts is dropped quietly.
  useEffect(() => {
    void storedSessionState().then((state) => state === "valid" && redirectTo(portalPaths.dashboard));
  }, []);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    const username = String(data.get("username") ?? "").trim();
    const password = String(data.get("password") ?? "");
    const found: Partial<Record<FieldName, string>> = {};
    if (!username) found.username = "Username is required";
    if (!password) found.password = "Password is required";
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) return (event.currentTarget.elements.namedItem(first) as HTMLElement).focus();

    setPending(true);
    const result = await signIn({ username, password, rememberMe: data.get("rememberMe") === "on" });
    if (result.ok === "second-step") {
      setSecondStep({ ticket: result.ticket, username });
      setPending(false);
      return;
    }
    finish(result);
  };

  /** A finished attempt: in to the portal (or first to the second-factor set-up), or a toast and try again. */
  const finish = (result: LoginResult) => {
    if (result.ok === "second-step") return;
    if (!result.ok) {
      toast(result.toast);
      setPending(false);
      return;
    }
    setPortalToken(result.token);
    if (result.setupSecondFactor) {
      flashToast(portalMessages.setupSecondFactor, portalPaths.account);
      window.location.assign(SECOND_FACTOR_SETUP);
      return;
    }
    flashToast(portalMessages.loginSuccess, portalPaths.dashboard);
    window.location.assign(portalPaths.dashboard);
  };

  const onPasskey = async (form: HTMLFormElement | null) => {
    if (pending) return;
    setPending(true);
    const remember = (form?.elements.namedItem("rememberMe") as HTMLInputElement | null)?.checked ?? true;
    const result = await signInWithPasskey(remember);
    if (result.ok === "second-step") {
      // The passkey did not verify the person: the authenticator's code completes the sign-in.
      setSecondStep({ ticket: result.ticket, username: "" });
      setPending(false);
      return;
    }
    finish(result);
  };

  const onCode = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || !secondStep) return;
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code) return setErrors({ code: "Enter the code from your app or a recovery code" });
    setPending(true);
    finish(await submitCode(secondStep.username, secondStep.ticket, code));
  };

  const field = (name: FieldName, label: string, type: string, autoComplete: string) => (
    <Field label={label} error={errors[name]}>
      {(control) => <Input {...control} name={name} type={type} autoComplete={autoComplete} required />}
    </Field>
  );

  return (
    <PortalFrame>
      <main className="grid min-h-screen place-items-center bg-navy-950 px-4 py-10">
        <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-2xl">
          <PortalBrand />
          {secondStep ? (
            <>
              <h1 className="mt-8 text-2xl font-extrabold">Enter your code</h1>
              <p className="mt-1 text-sm text-navy-600">
                Open your authenticator app and enter the 6-digit code, or use one of your recovery codes.
              </p>
              <form noValidate onSubmit={onCode} className="mt-6 grid gap-4">
                <Field label="Code" error={errors.code}>
                  {(control) => (
                    <Input {...control} name="code" autoComplete="one-time-code" inputMode="text" autoFocus required />
                  )}
                </Field>
                <Button type="submit" variant="accent" disabled={pending} className="mt-2 w-full">
                  {pending ? "SIGNING IN..." : "VERIFY"}
                </Button>
                <Button variant="outline" onClick={() => setSecondStep(null)} disabled={pending}>
                  Start over
                </Button>
              </form>
            </>
          ) : (
            <>
              <h1 className="mt-8 text-2xl font-extrabold">Portal sign in</h1>
              <p className="mt-1 text-sm text-navy-600">
                For company staff. Use the account your administrator gave you.
              </p>
              <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-4">
                {field("username", "Username", "text", "username")}
                {field("password", "Password", "password", "current-password")}
                <label className="flex items-center gap-2 text-sm text-navy-800">
                  <input type="checkbox" name="rememberMe" defaultChecked className="size-4 accent-navy-900" />
                  Stay signed in for {REMEMBER_ME_DAYS} days
                </label>
                <Button type="submit" variant="accent" disabled={pending} className="mt-2 w-full">
                  {pending ? "SIGNING IN..." : "SIGN IN"}
                </Button>
                <Button
                  variant="outline"
                  disabled={pending}
                  className="w-full"
                  onClick={(event) => void onPasskey(event.currentTarget.form)}
                >
                  Sign in with a passkey
                </Button>
              </form>
            </>
          )}
          <p className="mt-6 border-t border-navy-100 pt-4 text-xs text-navy-600">
            Authorized personnel only. All access is monitored and logged.
          </p>
        </div>
      </main>
    </PortalFrame>
  );
}
