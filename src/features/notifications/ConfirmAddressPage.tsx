import { useEffect, useState } from "react";
import { ApiError } from "~/lib/api-client";
import { secretFromHash } from "~/features/invitation/invitation";
import { portalPaths } from "~/portal/navigation";
import { LinkCard, LinkChecking, LinkRefused } from "~/portal/LinkCard";
import { CONFIRM_ADDRESS_PATH, confirmAddress } from "./confirm-address";

const INCOMPLETE_LINK = "This link is not complete. Open it from the e-mail again.";

/** What the page says when the API refuses the link: a secret mangled on its way (cut by a mail client) is incomplete. */
function refusal(failure: unknown): string {
  if (!(failure instanceof ApiError))
    return "The address could not be confirmed. Check your connection and open the link again.";
  if (failure.code === "validation_failed") return INCOMPLETE_LINK;
  return failure.serverMessage || "The address could not be confirmed. Open the link from the e-mail again.";
}

type State = { step: "checking" } | { step: "done"; email: string } | { step: "failed"; message: string };

/** /portal/confirm-address#secret: the link mailed to a new notification address, opened. */
export function ConfirmAddressPage() {
  const [state, setState] = useState<State>({ step: "checking" });

  useEffect(() => {
    const secret = secretFromHash(window.location.hash);
    // The secret works once: it leaves the address bar and history whatever the answer.
    history.replaceState(null, "", CONFIRM_ADDRESS_PATH);
    if (!secret) return setState({ step: "failed", message: INCOMPLETE_LINK });
    confirmAddress(secret).then(
      ({ email }) => setState({ step: "done", email }),
      (failure: unknown) => setState({ step: "failed", message: refusal(failure) }),
    );
  }, []);

  return (
    <LinkCard>
      {state.step === "checking" && <LinkChecking>Confirming your address...</LinkChecking>}
      {state.step === "done" && (
        <>
          <h1 className="mt-8 text-2xl font-extrabold">Address confirmed</h1>
          <p role="status" className="mt-2 text-sm text-navy-700">
            Portal e-mails now go to <strong className="break-all">{state.email}</strong>.
          </p>
        </>
      )}
      {state.step === "failed" && <LinkRefused message={state.message} />}
      <a href={portalPaths.account} className="mt-6 inline-block text-sm font-semibold underline">
        Go to your account
      </a>
    </LinkCard>
  );
}
