import { useEffect, useState, type SubmitEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { TOKEN_TTL_SECONDS } from "~/schemas/limits";
import { portalMessages } from "./messages";
import { portalPaths } from "./navigation";
import { flashToast } from "~/lib/flash";
import { setPortalToken } from "~/lib/portal-token";
import { toast } from "~/lib/toast";
import { signIn } from "./login";
import { PortalBrand, PortalFrame } from "./PortalFrame";
import { redirectTo, storedSessionState } from "./session";

type FieldName = "username" | "password";

const REMEMBER_ME_DAYS = Math.round(TOKEN_TTL_SECONDS.rememberMe / 86_400);

/** /portal/login: username, password, "stay signed in" (on by default), SIGN IN. */
export function LoginPage() {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

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
    if (!result.ok) {
      toast(result.toast);
      setPending(false);
      return;
    }
    setPortalToken(result.token);
    flashToast(portalMessages.loginSuccess, portalPaths.dashboard);
    window.location.assign(portalPaths.dashboard);
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
          <h1 className="mt-8 text-2xl font-extrabold">Portal sign in</h1>
          <p className="mt-1 text-sm text-navy-600">For company staff. Use the account your administrator gave you.</p>
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
          </form>
          <p className="mt-6 border-t border-navy-100 pt-4 text-xs text-navy-600">
            Authorized personnel only. All access is monitored and logged.
          </p>
        </div>
      </main>
    </PortalFrame>
  );
}
