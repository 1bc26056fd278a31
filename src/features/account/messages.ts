/** The account screen's toasts (the invitation page's passkey step shares the passkey ones). */
import type { ToastMessage } from "~/lib/toast";

export const accountMessages = {
  passwordChanged: { title: "Password changed", description: "Your other sessions were signed out." },
  signedOutSession: { title: "Session signed out" },
  signedOutOthers: { title: "Signed out everywhere else" },
  totpEnabled: { title: "Authenticator app set up", description: "Keep your recovery codes somewhere safe." },
  totpRemoved: { title: "Authenticator app removed" },
  recoveryCodesReplaced: { title: "New recovery codes made", description: "The earlier ones no longer work." },
  passkeyAdded: { title: "Passkey added" },
  passkeyRemoved: { title: "Passkey removed" },
  passkeyNotAdded: {
    title: "Passkey not added",
    description: "The browser did not create one",
    variant: "destructive",
  },
} as const satisfies Record<string, ToastMessage>;
