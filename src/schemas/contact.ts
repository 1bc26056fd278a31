import { z } from "./zod";

import { CONTACT_LIMITS, CONTACT_PROJECT_TYPE } from "./contact-fields";
import { LEAD_LIMITS } from "./lead-fields";

const requiredText = (max: number, label: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

/** An http(s) URL of at most the source limit; an empty string (no referrer) counts as absent. */
const httpUrl = z.pipe(
  z.string().check(z.trim(), z.maxLength(LEAD_LIMITS.sourceUrl)),
  z.transform((url) => (/^https?:\/\/[^\s]+$/i.test(url) ? url : undefined)),
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
  /** Where the visitor sent it from: the page's path. */
  page: z.optional(z.string().check(z.maxLength(LEAD_LIMITS.sourcePage), z.regex(/^\//, "page must be a path"))),
  /** The page's referrer (document.referrer), when the browser gives one. */
  referrer: z.optional(httpUrl),
  /** The visit's landing page with its utm_* query (the server keeps nothing else of the query). */
  landing: z.optional(httpUrl),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
