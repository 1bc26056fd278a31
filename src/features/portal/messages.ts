/** The staff portal's toast texts, in one catalogue; the public site's are in features/contact/messages.ts. */
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

  // Email Signature Generator.
  signatureSaveFailed: { title: "Save failed", description: "Unable to save template", variant: "destructive" },
  signatureLoadFailed: { title: "Load failed", description: "Unable to load template", variant: "destructive" },
  signatureDefaultFailed: {
    title: "Failed to set default",
    description: "Unable to set template as default",
    variant: "destructive",
  },
  nameRequired: { title: "Name required", description: "Please enter a template name", variant: "destructive" },
  logoNotHtml: { title: "Error", description: "Please upload an HTML file", variant: "destructive" },
  logoBadHtml: { title: "Error", description: "Invalid HTML logo format", variant: "destructive" },
  signatureSaved: { title: "Template saved!", description: "Your signature template has been saved successfully" },
  copiedWithBackground: { title: "Copied to clipboard!", description: "HTML signature copied with background" },
  copiedWithoutBackground: { title: "Copied to clipboard!", description: "HTML signature copied without background" },
  copyFailed: {
    title: "Copy failed",
    description: "Your browser did not allow access to the clipboard",
    variant: "destructive",
  },
  downloaded: { title: "Downloaded!", description: "HTML signature with logo saved" },
  logoUploaded: { title: "Logo uploaded!", description: "Custom HTML logo applied" },
  // The Gmail/Outlook image export and deleting a template.
  copiedForEmailClients: { title: "Copied to clipboard!", description: "Image signature for Gmail and Outlook copied" },
  emailExportFailed: {
    title: "Export failed",
    description: "The signature image could not be created. Please try again",
    variant: "destructive",
  },
  signatureDeleteFailed: { title: "Delete failed", description: "Unable to delete template", variant: "destructive" },

  // Professional Proposal Editor.
  signatureTemplateNotFound: { title: "Template not found", variant: "destructive" },
  logoFromSignatureUrl: { title: "Logo updated!", description: "Signature selected as company logo" },
  logoUpdated: { title: "Logo updated!" },
  logoDefault: { title: "Logo updated!", description: "Using default company logo" },
  logoFallback: { title: "Using default logo", description: "Applied default company logo" },
  proposalSaved: { title: "Template saved!", description: "Your proposal template has been saved successfully" },
  proposalSaveFailed: { title: "Save failed", description: "Unable to save template", variant: "destructive" },
  proposalLoadFailed: { title: "Load failed", description: "Unable to load template", variant: "destructive" },
  // The logo upload takes only a raster image, and says why it refused a file.
  proposalLogoNotImage: {
    title: "Not an image",
    description: "Choose a PNG, JPEG, GIF or WebP file for the logo.",
    variant: "destructive",
  },
  proposalLogoSvg: {
    title: "SVG logos are not accepted",
    description: "SVG files can carry scripts: export the logo as PNG or JPEG and upload that.",
    variant: "destructive",
  },
  proposalLogoUnreadable: {
    title: "Logo not used",
    description: "The image could not be read. Try another file.",
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

/** 'Template loaded!' with the signature template's name. */
export const signatureLoaded = (name: string): ToastMessage => ({ title: "Template loaded!", description: name });

/** A deleted signature template, by name. */
export const signatureDeleted = (name: string): ToastMessage => ({
  title: "Template deleted",
  description: `${name} was deleted`,
});

/** 'Default set!' naming the template. */
export const signatureDefaultSet = (name: string): ToastMessage => ({
  title: "Default set!",
  description: `${name} is now the default template for new signatures`,
});

/** 'Template loaded!' for a proposal template, by title. */
export const proposalLoaded = (title: string): ToastMessage => ({
  title: "Template loaded!",
  description: `Loaded "${title}" template`,
});

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
