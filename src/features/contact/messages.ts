/**
 * The contact form's toast texts: components import an entry and pass it to `toast()`; nothing else spells
 * these strings. The portal's are in each portal feature's messages.ts, catalogues of their own because an object
 * literal is bundled whole: the contact page would otherwise ship every portal message.
 */
import type { ToastMessage } from "~/lib/toast";

export const toastMessages = {
  contactSuccess: { title: "Message sent successfully!", description: "We'll get back to you soon." },
  contactFailure: { title: "Error sending message", description: "Please try again later.", variant: "destructive" },
} as const satisfies Record<string, ToastMessage>;

/** The contact failure toast for a 429, telling when to try again (`wait` reads like "in 2 minutes"). */
export function contactRateLimited(wait: string): ToastMessage {
  return {
    title: toastMessages.contactFailure.title,
    description: `Too many messages from this connection. Please try again ${wait}.`,
    variant: "destructive",
  };
}
