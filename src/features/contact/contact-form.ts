/**
 * The contact form's fields and the call to POST /api/contact. Nothing here imports zod: validation
 * lives in contact-validation.ts, which the island loads only once a visitor starts on the form.
 */
import { parseRetryAfter } from "~/lib/retry-after";

/** Form field names; also the names the no-JavaScript POST to /api/contact/form carries. */
export const CONTACT_FIELDS = ["fullName", "email", "phone", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The form's values, plus the honeypot `website` that people never see. */
export type ContactFormValues = Record<ContactField | "website", string>;

export const EMPTY_CONTACT_FORM: ContactFormValues = { fullName: "", email: "", phone: "", message: "", website: "" };

/** Field labels, also used in the "is required" messages. */
export const CONTACT_FIELD_LABELS: Record<ContactField, string> = {
  fullName: "Full name",
  email: "Email",
  phone: "Phone",
  message: "Project details",
};

/** Where the form posts without JavaScript, and where the island sends JSON. */
export const CONTACT_FORM_ACTION = "/api/contact/form";
export const CONTACT_API = "/api/contact";

/** How a send ended: `retryAfterSeconds` is set for a 429 that said when to try again. */
export type ContactSendResult = { ok: true } | { ok: false; rateLimited: boolean; retryAfterSeconds?: number };

/** POSTs the message as JSON with cookies (spec 7); never throws. */
export async function sendContactMessage(payload: unknown, fetchImpl: typeof fetch = fetch): Promise<ContactSendResult> {
  try {
    const response = await fetchImpl(CONTACT_API, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
    });
    if (response.ok) return { ok: true };
    if (response.status === 429) {
      return { ok: false, rateLimited: true, retryAfterSeconds: parseRetryAfter(response.headers.get("Retry-After")) };
    }
    return { ok: false, rateLimited: false };
  } catch {
    return { ok: false, rateLimited: false };
  }
}
