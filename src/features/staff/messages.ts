/** The staff screen's toasts. */
import type { ToastMessage } from "~/lib/toast";

export const staffMessages = {
  linkCopied: { title: "Link copied", description: "Send it to the person; it works once, for 72 hours." },
} as const satisfies Record<string, ToastMessage>;
