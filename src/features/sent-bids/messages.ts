/** The Proposals screen's toast texts. */
import type { ToastMessage } from "~/lib/toast";

export const bidsMessages = {
  withdrawn: { title: "Proposal withdrawn", description: "Its links now tell the client it was withdrawn." },
  withdrawFailed: {
    title: "Could not withdraw the proposal",
    description: "Please try again.",
    variant: "destructive",
  },
  reissued: { title: "Proposal re-issued", description: "Each signer gets a new link by e-mail." },
  reissueFailed: { title: "Could not re-issue the proposal", description: "Please try again.", variant: "destructive" },
  resent: (email: string) => ({ title: "Link sent again", description: `A new link is on its way to ${email}.` }),
  resendFailed: { title: "Could not send the link again", description: "Please try again.", variant: "destructive" },
  notYours: {
    title: "Not your proposal",
    description: "Only the person who sent it or an administrator can withdraw, re-issue or send its links.",
    variant: "destructive",
  },
  pdfFailed: { title: "Could not download the PDF", description: "Please try again.", variant: "destructive" },
  copied: { title: "SHA-256 copied" },
} as const satisfies Record<string, ToastMessage | ((email: string) => ToastMessage)>;
