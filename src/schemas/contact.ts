import { z } from "./zod";

import { CONTACT_LIMITS, CONTACT_PROJECT_TYPE } from "./contact-fields";

const requiredText = (max: number, label: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

/** A contact message as the browser sends it to POST /api/contact; text is trimmed, lengths capped. */
export const contactMessageSchema = z.object({
  firstName: requiredText(CONTACT_LIMITS.name, "First name"),
  lastName: z._default(
    z
      .string()
      .check(z.trim(), z.maxLength(CONTACT_LIMITS.name, `Last name must be at most ${CONTACT_LIMITS.name} characters`)),
    "",
  ),
  email: z
    .string()
    .check(
      z.trim(),
      z.maxLength(CONTACT_LIMITS.email, `E-mail must be at most ${CONTACT_LIMITS.email} characters`),
      z.email("Enter a valid e-mail address"),
    ),
  phone: z.optional(
    z
      .string()
      .check(z.trim(), z.maxLength(CONTACT_LIMITS.phone, `Phone must be at most ${CONTACT_LIMITS.phone} characters`)),
  ),
  projectType: z._default(z.string().check(z.trim(), z.maxLength(50)), CONTACT_PROJECT_TYPE),
  message: requiredText(CONTACT_LIMITS.message, "Project details"),
  /** Honeypot: people never see it, bots fill it. */
  website: z.optional(z.string()),
  /** Milliseconds from the form's first showing to its sending (the island's clock); absent from the plain form. */
  fillMs: z.optional(z.number().check(z.gte(0))),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
