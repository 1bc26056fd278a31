import { useState, type ReactNode } from "react";
import { ConfirmIdentity } from "~/features/account/ConfirmIdentity";
import { PortalFrame } from "./PortalFrame";
import { PortalTopBar, type PortalTopBarProps } from "./PortalTopBar";
import { requireToken } from "./session";

/** What a staff screen shows until it knows it may ask the API anything. */
export function PortalLoadingText() {
  return (
    <p role="status" className="py-24 text-center text-sm font-semibold text-navy-700">
      Loading portal...
    </p>
  );
}

/**
 * A staff-only screen: without a stored token it leaves for the login page before any API call;
 * otherwise the shared top bar, the screen, and the dialog that confirms who the person is before a
 * sensitive change. A token the API refuses ends the session in `session.ts`, so screens never handle a
 * 401 themselves.
 */
export function StaffScreen({ children, ...bar }: PortalTopBarProps & { children: ReactNode }) {
  const [signedIn] = useState(requireToken);
  return (
    <PortalFrame>
      {signedIn ? (
        <>
          <PortalTopBar {...bar} />
          {children}
          <ConfirmIdentity />
        </>
      ) : (
        <PortalLoadingText />
      )}
    </PortalFrame>
  );
}
