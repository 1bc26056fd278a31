/**
 * The staff portal's toast texts that belong to no one screen: sign-in, the session, and the generic save and
 * copy results several screens share. Each screen keeps its own in its folder's messages.ts (an object literal
 * is bundled whole, so this catalogue stays small enough for the sign-in page); the public site's are in
 * features/contact/messages.ts.
 */
import type { ToastMessage } from "~/lib/toast";

export const portalMessages = {
  // Sign-in and the session.
  loginFailed: { title: "Login failed", description: "Invalid username or password", variant: "destructive" },
  loginNetworkError: { title: "Error", description: "Unable to connect to server", variant: "destructive" },
  loginSuccess: { title: "Login successful", description: "Welcome to the Portal" },
  loggedOut: { title: "Logged out successfully" },
  codeInvalid: { title: "Login failed", description: "That code is not valid", variant: "destructive" },
  passkeyFailed: { title: "Login failed", description: "This passkey was not recognised", variant: "destructive" },
  passkeyCancelled: { title: "Passkey sign-in cancelled", variant: "destructive" },
  setupSecondFactor: {
    title: "Set up a second factor",
    description: "The company requires an authenticator app for password sign-in.",
  },
  sessionExpired: { title: "Please sign in again", description: "Your session has ended." },

  // Shared by several screens.
  saved: { title: "Saved" },
  saveFailed: { title: "Could not save", description: "Please try again", variant: "destructive" },
  nameRequired: { title: "Name required", description: "Please enter a template name", variant: "destructive" },
  copyFailed: {
    title: "Copy failed",
    description: "Your browser did not allow access to the clipboard",
    variant: "destructive",
  },
} as const satisfies Record<string, ToastMessage>;

/** The login failure toast for a 429, telling when to try again (`wait` reads like "in 2 minutes"). */
export function loginRateLimited(wait: string): ToastMessage {
  return {
    title: portalMessages.loginFailed.title,
    description: `Too many failed sign-in attempts. Please try again ${wait}.`,
    variant: "destructive",
  };
}

/** A save or upload refused by a per-account quota, with the API's own explanation. */
export const quotaReached = (explanation: string): ToastMessage => ({
  title: "Quota reached",
  description: explanation,
  variant: "destructive",
});
