/**
 * The public site's toast texts (spec 8); the portal's are in portal-messages.ts. Components import an
 * entry and pass it to `toast()`; nothing else spells these strings. Two catalogues rather than one
 * because an object literal is bundled whole: the contact page would otherwise ship every portal message.
 */

/** A toast's content. */
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

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
