/** The activity screen's toasts. */
import type { ToastMessage } from "~/lib/toast";

export const activityMessages = {
  downloadFailed: { title: "Download failed", description: "Please try again", variant: "destructive" },
} as const satisfies Record<string, ToastMessage>;
