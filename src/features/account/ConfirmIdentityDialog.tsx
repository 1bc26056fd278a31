import { useStore } from "@nanostores/react";
import { useEffect, useState, type SubmitEvent } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ApiError } from "~/lib/api-client";
import { $account } from "~/portal/session-store";
import { confirmWithPasskey, confirmWithPassword, refusedField } from "./confirm-actions";

type Errors = { password?: string; code?: string; form?: string };

/**
 * Asks the signed-in person to confirm who they are before a sensitive change: their password, plus the code
 * from their authenticator app when they have one, or one of their passkeys instead of both.
 */
export function ConfirmIdentityDialog({ open, onSettled }: { open: boolean; onSettled: (confirmed: boolean) => void }) {
  const { data: account } = useStore($account);
  const [askCode, setAskCode] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!open) return;
    setErrors({});
    // Whether to ask for a code and offer a passkey, as it is now (a factor may have been added elsewhere);
    // the account read earlier answers meanwhile, and without any the API says when a code is needed.
    $account.revalidate();
  }, [open]);

  const failed = (error: unknown) => {
    const field = refusedField(error);
    const message = (error instanceof ApiError && error.serverMessage) || "Could not confirm, please try again";
    if (field === "code") setAskCode(true);
    setErrors(field ? { [field]: message } : { form: message });
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setPending(true);
    try {
      await confirmWithPassword(String(data.get("password") ?? ""), String(data.get("code") ?? "").trim());
      onSettled(true);
    } catch (error) {
      failed(error);
    } finally {
      setPending(false);
    }
  };

  const onPasskey = async () => {
    setPending(true);
    try {
      if (await confirmWithPasskey()) onSettled(true);
      else setErrors({ form: "The passkey was not used. Try again, or enter your password." });
    } catch (error) {
      failed(error);
    } finally {
      setPending(false);
    }
  };

  const showCode = askCode || account?.totp === true;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onSettled(false)}>
      <DialogContent
        title="Confirm it is you"
        description="This change needs your password again. You will not be asked again for 10 minutes."
      >
        <form onSubmit={(event) => void onSubmit(event)} className="grid grid-cols-1 gap-4">
          <Field label="Password" error={errors.password}>
            {(c) => <Input {...c} name="password" type="password" autoComplete="current-password" required autoFocus />}
          </Field>
          {showCode && (
            <Field label="Code from your authenticator app" hint="(or a recovery code)" error={errors.code}>
              {(c) => <Input {...c} name="code" inputMode="numeric" autoComplete="one-time-code" required />}
            </Field>
          )}
          {errors.form && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {errors.form}
            </p>
          )}
          <DialogFooter>
            {account && account.passkeys.length > 0 && (
              <Button variant="outline" disabled={pending} onClick={() => void onPasskey()} className="sm:mr-auto">
                Use a passkey
              </Button>
            )}
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="accent" disabled={pending}>
              {pending ? "Checking..." : "Confirm"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
