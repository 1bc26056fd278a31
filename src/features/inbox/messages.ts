/** The staff inbox's toasts, its notification Retry's included. */
import type { ToastMessage } from "~/lib/toast";

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
  movedToSpam: { title: "Moved to Spam", description: "It is kept there: Not spam in the Spam view brings it back." },
  retryQueued: { title: "Notification queued again", description: "The e-mail goes out within a minute." },
  retryFailed: {
    title: "Could not retry the notification",
    description: "Please try again.",
    variant: "destructive",
  },
} as const satisfies Record<string, ToastMessage>;
