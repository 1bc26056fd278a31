/**
 * The staff portal's toast texts shared by its screens; the signature and proposal screens keep theirs in their
 * own folders (so the sign-in page does not load them), the public site's are in features/contact/messages.ts.
 */
import type { ToastMessage } from "~/lib/toast";

export const portalMessages = {
  // Sign-in and dashboard.
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
  saved: { title: "Saved" },
  saveFailed: { title: "Could not save", description: "Please try again", variant: "destructive" },
  passwordChanged: { title: "Password changed", description: "Your other sessions were signed out." },
  signedOutSession: { title: "Session signed out" },
  signedOutOthers: { title: "Signed out everywhere else" },
  totpEnabled: { title: "Authenticator app set up", description: "Keep your recovery codes somewhere safe." },
  totpRemoved: { title: "Authenticator app removed" },
  passkeyAdded: { title: "Passkey added" },
  passkeyRemoved: { title: "Passkey removed" },
  passkeyNotAdded: {
    title: "Passkey not added",
    description: "The browser did not create one",
    variant: "destructive",
  },
  linkCopied: { title: "Link copied", description: "Send it to the person; it works once, for 72 hours." },
  sessionExpired: { title: "Please sign in again", description: "Your session has ended." },
  templateSaveFailed: { title: "Error saving template", description: "Please try again", variant: "destructive" },
  templateUpdated: { title: "Template saved successfully", description: "Template updated" },
  templateCreated: { title: "Template saved successfully", description: "New template created" },
  templateDeleted: { title: "Template deleted successfully" },
  templateDeleteFailed: { title: "Error deleting template", description: "Please try again", variant: "destructive" },
  templateOpenFailed: { title: "Could not open the template", description: "Please try again", variant: "destructive" },

  // Shared by the signature and proposal screens (their own toasts are in their folders).
  nameRequired: { title: "Name required", description: "Please enter a template name", variant: "destructive" },
  copyFailed: {
    title: "Copy failed",
    description: "Your browser did not allow access to the clipboard",
    variant: "destructive",
  },
} as const satisfies Record<string, ToastMessage>;

/** The staff inbox's toasts. */
export const inboxMessages = {
  updateFailed: {
    title: "Could not update the message",
    description: "Your change was undone. Please try again.",
    variant: "destructive",
  },
  loadMoreFailed: {
    title: "Could not load more messages",
    description: "Check your connection and try again.",
    variant: "destructive",
  },
} as const satisfies Record<string, ToastMessage>;

/** The notification settings' and the inbox's notification Retry toasts. */
export const notificationMessages = {
  saved: { title: "Notification settings saved" },
  // The form's status line says where and until when: the toast stays short, as every portal screen loads it.
  confirmationSent: { title: "Confirmation sent" },
  saveFailed: { title: "Settings not saved", variant: "destructive" },
  retryQueued: { title: "Notification queued again", description: "The e-mail goes out within a minute." },
  retryFailed: {
    title: "Could not retry the notification",
    description: "Please try again.",
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

/** What keeps staff work: versions, the Trash and the per-account quotas. */
export const keepMessages = {
  copySaved: { title: "Template saved successfully", description: "Your version was saved as a copy" },
  overwritten: {
    title: "Template saved successfully",
    description: "Your version replaced theirs; theirs is in the history",
  },
  versionRestored: {
    title: "Version restored",
    description: "It is now the current version; the one it replaced is in the history",
  },
  historyFailed: { title: "Could not load the history", description: "Please try again", variant: "destructive" },
  restoredFromTrash: { title: "Template restored", description: "It is back in the templates list" },
  deletedForever: { title: "Template deleted forever" },
  trashFailed: { title: "The Trash could not be changed", description: "Please try again", variant: "destructive" },
  exportFailed: { title: "Export failed", description: "Please try again", variant: "destructive" },
  restoredFromExport: { title: "Template restored", description: "Restored from the export file" },
  restoreFailed: {
    title: "Not restored",
    description: "Choose a proposal-templates/<id>.json file from an export",
    variant: "destructive",
  },
} as const satisfies Record<string, ToastMessage>;

/** A save or upload refused by a per-account quota, with the API's own explanation. */
export const quotaReached = (explanation: string): ToastMessage => ({
  title: "Quota reached",
  description: explanation,
  variant: "destructive",
});
