import { useState, type ReactNode } from "react";
import { ConfirmIdentity } from "~/features/account/ConfirmIdentity";
import { PortalBrand, PortalFrame, PortalLoadingText } from "~/portal/PortalFrame";
import { PortalNav } from "./PortalNav";
import { PortalTopBar, type PortalTopBarProps } from "./PortalTopBar";
import { portalPaths } from "~/portal/navigation";
import { requireToken } from "~/portal/session";

/**
 * A staff-only screen: without a stored token it leaves for the login page before any API call;
 * otherwise the navigation (a sidebar from desk widths; the top bar's menu button on a phone and on the wide
 * tools), the shared top bar, the screen, and the dialog that confirms who the person is before a
 * sensitive change. A token the API refuses ends the session in `session.ts`, so screens never handle a
 * 401 themselves.
 */
export function StaffScreen({ children, ...bar }: PortalTopBarProps & { children: ReactNode }) {
  const [signedIn] = useState(requireToken);
  return (
    <PortalFrame>
      {signedIn ? (
        <div className={bar.wide ? undefined : "lg:grid lg:grid-cols-[14rem_minmax(0,1fr)]"}>
          {!bar.wide && (
            <div className="hidden border-r border-navy-100 bg-white lg:block print:hidden">
              <aside className="sticky top-0 flex max-h-screen flex-col gap-6 overflow-y-auto px-3 py-4">
                <a href={portalPaths.dashboard} className="px-2">
                  <PortalBrand />
                </a>
                <PortalNav current={bar.current} />
              </aside>
            </div>
          )}
          <div className="min-w-0" data-touch-targets={bar.wide ? undefined : ""}>
            <PortalTopBar {...bar} />
            {children}
          </div>
          <ConfirmIdentity />
        </div>
      ) : (
        <PortalLoadingText />
      )}
    </PortalFrame>
  );
}
