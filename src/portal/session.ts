/**
 * The signed-in session in the browser (docs/requirements.md#sessions-and-sign-in): where a
 * portal page goes with and without a token, the one handler for a token the API stops accepting,
 * and logout. The signed-in staff member for the top bar is in session-store.ts, so the login page
 * ships no query library.
 */
import type { ToastMessage } from "~/lib/toast";
import { portalMessages } from "./messages";
import { portalPaths, SECOND_FACTOR_SETUP } from "./navigation";
import { onSecondFactorRequired, onSessionEnded, sessionCheckApi } from "~/lib/api-client";
import { flashToast } from "~/lib/flash";
import { clearPortalToken, getPortalToken } from "~/lib/portal-token";

/** Leaves for `path`, replacing this page in history (a guard's redirect should not be "back"-able). */
export function redirectTo(path: string): void {
  window.location.replace(path);
}

/** True when a token is stored; otherwise sends the visitor to the login page. */
export function requireToken(): boolean {
  if (getPortalToken()) return true;
  redirectTo(portalPaths.login);
  return false;
}

let ending = false;

/** The API no longer accepts the token: forget it and sign in again, saying why on the login page. */
function endSession(message: ToastMessage = portalMessages.sessionExpired): void {
  if (ending) return;
  ending = true;
  clearPortalToken();
  flashToast(message, portalPaths.login);
  redirectTo(portalPaths.login);
}

// Every staff call that comes back 401 with the stored token ends the session here, in one place.
onSessionEnded(() => endSession());

// A session that must set up a second factor is sent to the set-up from any other screen; on the account
// screen itself the refusal is an ordinary error of the call that got it.
onSecondFactorRequired(() => {
  if (window.location.pathname === portalPaths.account) return false;
  redirectTo(SECOND_FACTOR_SETUP);
  return true;
});

/**
 * Whether the stored token still works: "valid", "none" (no token, or the API refused it, in which
 * case it is forgotten quietly), or "unknown" when the API could not be asked.
 */
export async function storedSessionState(): Promise<"valid" | "none" | "unknown"> {
  if (!getPortalToken()) return "none";
  try {
    // Any answer but a 401 has thrown; a 401 means the token is no longer accepted.
    if ((await sessionCheckApi.portal.session.$get()).ok) return "valid";
    clearPortalToken();
    return "none";
  } catch {
    return "unknown";
  }
}

/** Logs out: revokes the token server-side when reachable, forgets it here either way, and goes to login. */
export async function logout(): Promise<void> {
  // A 401 here means the token is already dead, which is what logging out wants anyway.
  await sessionCheckApi.portal.logout.$post().catch(() => undefined);
  clearPortalToken();
  flashToast(portalMessages.loggedOut, portalPaths.login);
  window.location.assign(portalPaths.login);
}
