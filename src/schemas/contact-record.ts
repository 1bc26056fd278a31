import { z } from "./zod";
import { INBOX_PAGE } from "./limits";
import { SPAM_REASONS } from "./contact-fields";

/** A stored contact message as GET /api/contacts returns it. */
export const contactRecordSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  projectType: z.string(),
  message: z.string(),
  handled: z.boolean(),
  createdAt: z.iso.datetime(),
  /** Why it was flagged as likely spam (it is then in the Spam view only), or null. */
  spamReason: z.nullable(z.enum(SPAM_REASONS)),
  /** Arrived past the daily ceiling: kept, and held for a person to review. */
  held: z.boolean(),
  /** Its notification e-mail kept failing for a day (the inbox offers a Retry). */
  notificationFailed: z.boolean(),
});

/** The inbox's views: everything but spam (the default), the messages held for review, and the spam. */
export const CONTACT_FOLDERS = ["inbox", "held", "spam"] as const;

/** A message's facts without its delivery state: what a notification e-mail shows. */
export type ContactFacts = Omit<ContactRecord, "notificationFailed">;

/** Body of PATCH /api/contacts/:id; an empty body marks the message handled. */
export const contactPatchSchema = z.object({ handled: z._default(z.boolean(), true) });

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${INBOX_PAGE.maxLimit}`;

/**
 * Query string of GET /api/contacts, every parameter optional: `limit` (1 to the inbox maximum; absent
 * answers every match), `before` (the id of the message the previous page ended with) and `handled`.
 */
export const contactListQuerySchema = z.object({
  limit: z.optional(
    z.pipe(
      z.pipe(z.string().check(z.regex(/^\d+$/, LIMIT_MESSAGE)), z.transform(Number)),
      z.number().check(z.gte(1, LIMIT_MESSAGE), z.lte(INBOX_PAGE.maxLimit, LIMIT_MESSAGE)),
    ),
  ),
  before: z.optional(
    z
      .string()
      .check(
        z.refine(
          (id) => contactRecordSchema.shape.id.safeParse(id).success,
          "before must be the id of a contact message",
        ),
      ),
  ),
  handled: z.optional(z.stringbool({ truthy: ["true"], falsy: ["false"], error: "handled must be true or false" })),
  folder: z.optional(z.enum(CONTACT_FOLDERS, "folder must be inbox, held or spam")),
});

/** Response header of GET /api/contacts: the id to pass as `before` for the next page; absent on the last page. */
export const NEXT_BEFORE_HEADER = "X-Next-Before";

export type ContactRecord = z.infer<typeof contactRecordSchema>;
export type ContactListQuery = z.output<typeof contactListQuerySchema>;
