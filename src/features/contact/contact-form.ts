/**
 * The contact form's fields, checks and request. The browser validates with the constraint validation
 * API and these few rules instead of zod: zod/mini alone is 5.8 KB gzip, most of the public pages'
 * 8 KB island budget. The server validates with contactMessageSchema either way; the limits, project
 * type and name split come from the schema's zod-free half, and contact-form.test.ts checks that what
 * the form accepts the schema accepts.
 */
import { contactRateLimited, toastMessages } from "./messages";
import { type ToastMessage } from "~/lib/toast";
import { formatWait, parseRetryAfter } from "~/lib/retry-after";
import { CONTACT_LIMITS, CONTACT_PROJECT_TYPE, splitFullName } from "~/schemas/contact-fields";

/**
 * Where the island posts a message, and the form's no-JavaScript fallback: the island calls the API with a
 * plain `fetch` rather than the portal's typed client, which its page's script budget has no room for.
 */
export const CONTACT_PATH = "/api/contact";
export const CONTACT_FORM_PATH = "/api/contact/form";

/** Form field names; also the names the no-JavaScript POST to /api/contact/form carries. */
export const CONTACT_FIELDS = ["fullName", "email", "phone", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The form's values, plus the honeypot `website` that people never see. */
export type ContactFormValues = Record<ContactField | "website", string>;

export type ContactErrors = Partial<Record<ContactField, string>>;

/** Field labels, also used in the "is required" messages. */
export const CONTACT_FIELD_LABELS: Record<ContactField, string> = {
  fullName: "Full name",
  email: "Email",
  phone: "Phone",
  message: "Project details",
};

/** maxlength per field (a full name holds a first name, a space and a last name). */
export const CONTACT_FIELD_MAX: Record<ContactField, number> = {
  fullName: CONTACT_LIMITS.name * 2 + 1,
  email: CONTACT_LIMITS.email,
  phone: CONTACT_LIMITS.phone,
  message: CONTACT_LIMITS.message,
};

/** What a field's check needs: its value and the browser's verdict. */
export interface FieldState {
  value: string;
  required: boolean;
  typeMismatch?: boolean;
}

/** The inline message for one field, or undefined when it is fine. */
export function fieldError(field: ContactField, { value, required, typeMismatch }: FieldState): string | undefined {
  const text = value.trim();
  if (required && !text) return `${CONTACT_FIELD_LABELS[field]} is required`;
  // The schema's z.email() wants a dot in the domain, which type="email" alone lets through.
  if (field === "email" && text && (typeMismatch || !/^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(text)))
    return "Enter a valid e-mail address";
}

/** The POST /api/contact body: name split, trimmed fields, projectType always "general". */
export function toContactPayload({ fullName, email, phone, message, website }: ContactFormValues) {
  return {
    ...splitFullName(fullName),
    email: email.trim(),
    phone: phone.trim(),
    projectType: CONTACT_PROJECT_TYPE,
    message: message.trim(),
    website,
  };
}

/**
 * Where the visitor sends from, for the lead's source: this page's path, its referrer, and the visit's landing
 * page (the referrer when it is a page of this site, which carries the query the visit arrived with; else this
 * page). Read from the page itself: no cookie and no script elsewhere on the site remembers anything.
 */
export function visitSource(here: Pick<Location, "pathname" | "href" | "origin">, referrer: string) {
  const internal = referrer.startsWith(`${here.origin}/`);
  return {
    page: here.pathname,
    ...(referrer ? { referrer } : {}),
    landing: internal ? referrer : here.href,
  };
}

/** How a send ended; a 429 carries its Retry-After header. */
export type ContactSendResult = { ok: true } | { ok: false; rateLimited?: boolean; retryAfter?: string | null };

/** POSTs the message as JSON with cookies; never throws. */
export async function sendContactMessage(
  payload: unknown,
  fetchImpl: typeof fetch = fetch,
): Promise<ContactSendResult> {
  try {
    const response = await fetchImpl(CONTACT_PATH, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
    });
    if (response.ok) return { ok: true };
    return { ok: false, rateLimited: response.status === 429, retryAfter: response.headers.get("Retry-After") };
  } catch {
    return { ok: false };
  }
}

/** The toast for how sending ended; a 429 says when to try again. */
export function contactResultToast(result: ContactSendResult): ToastMessage {
  if (result.ok) return toastMessages.contactSuccess;
  if (result.rateLimited) return contactRateLimited(formatWait(parseRetryAfter(result.retryAfter)));
  return toastMessages.contactFailure;
}
