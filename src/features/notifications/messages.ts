/** The notification settings' toasts. */
import type { ToastMessage } from "~/lib/toast";

export const notificationMessages = {
  saved: { title: "Notification settings saved" },
  // The form's status line says where and until when, so the toast stays short.
  confirmationSent: { title: "Confirmation sent" },
  saveFailed: { title: "Settings not saved", variant: "destructive" },
} as const satisfies Record<string, ToastMessage>;
