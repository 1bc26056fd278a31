/**
 * The zod-free half of the contact message: limits, project type and the name split. The public
 * contact form imports only this, so zod never reaches the public pages' JavaScript budget.
 */

/** Length caps for a contact message, in characters; 254 is the longest e-mail address SMTP allows. */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 40, message: 5000 } as const;

/** Contact form project type: the public form has no choice for it and always sends "general". */
export const CONTACT_PROJECT_TYPE = "general";

/** Splits the form's single full name at the first space into the API's first and last name. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim();
  const at = trimmed.indexOf(" ");
  if (at === -1) return { firstName: trimmed, lastName: "" };
  return { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1).trim() };
}

/**
 * What marks a message as likely spam (kept in the inbox's Spam view, never dropped): the hidden honeypot
 * filled, the form sent sooner than a person can type it, or more links than an enquiry has; or a staff member
 * marked it ("marked": one the rules let through).
 */
export const SPAM_RULES = { minFillMs: 3_000, maxLinks: 3 } as const;
export const SPAM_REASONS = ["honeypot", "too-fast", "links", "marked"] as const;
