/** The Leads screen's toasts. */
import type { ToastMessage } from "~/lib/toast";

export const leadMessages = {
  saved: { title: "Lead updated" },
  saveFailed: { title: "Could not update the lead", variant: "destructive" },
  noteAdded: { title: "Note added" },
  noteFailed: { title: "Could not add the note", variant: "destructive" },
  replySent: { title: "Reply sent", description: "It goes to the sender within a minute." },
  replyFailed: { title: "Could not send the reply", variant: "destructive" },
  spamFailed: { title: "Could not move the lead to Spam", variant: "destructive" },
  loadMoreFailed: {
    title: "Could not load more leads",
    description: "Check your connection and try again.",
    variant: "destructive",
  },
} as const satisfies Record<string, ToastMessage>;
