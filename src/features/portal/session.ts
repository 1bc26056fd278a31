/** Where a portal page goes with and without a stored token (spec 4, "Login" and "Dashboard"). */
import type { ToastMessage } from "~/config/messages";
import { portalMessages } from "~/config/portal-messages";
import { portalPaths } from "~/config/navigation";
import { apiRequest } from "~/lib/api-client";
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

/** The API no longer accepts the token: forget it and sign in again, saying why on the login page. */
export function endSession(message: ToastMessage = portalMessages.sessionExpired): void {
  clearPortalToken();
  flashToast(message);
  redirectTo(portalPaths.login);
}

/** Logs out: revokes the token server-side when reachable, forgets it here either way, and goes to login. */
export async function logout(): Promise<void> {
  await apiRequest("/api/portal/logout", { method: "POST" }).catch(() => undefined);
  clearPortalToken();
  flashToast(portalMessages.loggedOut);
  window.location.assign(portalPaths.login);
}
