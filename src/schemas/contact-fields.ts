/**
 * The zod-free half of the contact message: limits, project type and the name split. The public
 * contact form imports only this, so zod never reaches the public pages' JavaScript budget.
 */

/** Length caps for a contact message (issue 2, section 3). */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 40, message: 5000 } as const;

/** Contact form project type: the public form always sends "general" (spec 3). */
export const CONTACT_PROJECT_TYPE = "general";

/** Splits the form's single full name at the first space (spec 3). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim();
  const at = trimmed.indexOf(" ");
  if (at === -1) return { firstName: trimmed, lastName: "" };
  return { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1).trim() };
}
