/**
 * The signed-in session in the browser (spec 4, "Login" and "Dashboard"; issue 7, "Sessions"): where a
 * portal page goes with and without a token, the one handler for a token the API stops accepting,
 * the signed-in staff member, and logout.
 */
import type { ToastMessage } from "~/config/messages";
import { portalMessages } from "~/config/portal-messages";
import { portalPaths } from "~/config/navigation";
import { apiRequest, onSessionEnded } from "~/lib/api-client";
import { flashToast } from "~/lib/flash";
import { clearPortalToken, getPortalToken } from "~/lib/portal-token";
import type { PortalSession } from "~/schemas/session";
import { createFetcherStore, mutateCache } from "./query";

/** The session endpoint; also its query key. */
export const SESSION_PATH = "/api/portal/session";

/** Who is signed in, and how many contact messages wait (for the top bar). */
export const $session = createFetcherStore<PortalSession>([SESSION_PATH]);

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
export function endSession(message: ToastMessage = portalMessages.sessionExpired): void {
  if (ending) return;
  ending = true;
  clearPortalToken();
  flashToast(message);
  redirectTo(portalPaths.login);
}

// Every staff call that comes back 401 with the stored token ends the session here, in one place.
onSessionEnded(() => endSession());

/**
 * Whether the stored token still works: "valid", "none" (no token, or the API refused it, in which
 * case it is forgotten quietly), or "unknown" when the API could not be asked.
 */
export async function storedSessionState(): Promise<"valid" | "none" | "unknown"> {
  if (!getPortalToken()) return "none";
  try {
    const session = await apiRequest<PortalSession | null>(SESSION_PATH, { on401: "null" });
    if (session) return "valid";
    clearPortalToken();
    return "none";
  } catch {
    return "unknown";
  }
}

/** Moves the top bar's unhandled-message count by `delta` (the inbox's optimistic updates). */
export function adjustUnhandledCount(delta: number): void {
  const session = $session.get().data;
  if (session) {
    void mutateCache(SESSION_PATH, {
      ...session,
      unhandledMessages: Math.max(0, session.unhandledMessages + delta),
    });
  }
}

/** Logs out: revokes the token server-side when reachable, forgets it here either way, and goes to login. */
export async function logout(): Promise<void> {
  // A 401 here means the token is already dead, which is what logging out wants anyway.
  await apiRequest("/api/portal/logout", { method: "POST", on401: "null" }).catch(() => undefined);
  clearPortalToken();
  flashToast(portalMessages.loggedOut);
  window.location.assign(portalPaths.login);
}
