/**
 * Loaded by the contact form only when a message is sent, so the toast UI (Radix Toast) never weighs on
 * the page's first load.
 */
import { contactRateLimited, toastMessages } from "~/config/messages";
import { formatWait } from "~/lib/retry-after";
import { toast } from "~/lib/toast";
import type { ContactSendResult } from "./contact-form";

export { Toaster } from "~/components/ui/toaster";

/** Shows the toast for how sending ended (spec 8). */
export function showContactResult(result: ContactSendResult): void {
  if (result.ok) toast(toastMessages.contactSuccess);
  else if (result.rateLimited) toast(contactRateLimited(formatWait(result.retryAfterSeconds)));
  else toast(toastMessages.contactFailure);
}
