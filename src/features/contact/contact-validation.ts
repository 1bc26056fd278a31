import { CONTACT_PROJECT_TYPE, contactMessageSchema, splitFullName, type ContactMessage } from "~/schemas/contact";
import { CONTACT_FIELD_LABELS, type ContactField, type ContactFormValues } from "./contact-form";

export type ContactErrors = Partial<Record<ContactField, string>>;

/** The request body for the form's values: full name split at the first space, projectType "general". */
export function toContactPayload(values: ContactFormValues) {
  const { firstName, lastName } = splitFullName(values.fullName);
  return {
    firstName,
    lastName,
    email: values.email,
    phone: values.phone,
    projectType: CONTACT_PROJECT_TYPE,
    message: values.message,
    website: values.website,
  };
}

const fieldOf: Record<string, ContactField> = { firstName: "fullName", lastName: "fullName", email: "email", phone: "phone", message: "message" };

/** Validates the form with the shared contact schema; errors are keyed by form field, first problem wins. */
export function validateContact(values: ContactFormValues): { ok: true; message: ContactMessage } | { ok: false; errors: ContactErrors } {
  const result = contactMessageSchema.safeParse(toContactPayload(values));
  if (result.success) return { ok: true, message: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = fieldOf[String(issue.path[0])];
    if (!field || errors[field]) continue;
    const empty = values[field].trim() === "";
    errors[field] = empty ? `${CONTACT_FIELD_LABELS[field]} is required` : issue.message;
  }
  return { ok: false, errors };
}
