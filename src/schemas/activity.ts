import { z } from "./zod";

/** What the activity log files its entries under, for its kind filter. */
export const ACTIVITY_KINDS = ["sign-in", "second-factor", "account", "staff", "template", "message", "bid"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Entries per page of the activity log. */
export const ACTIVITY_PAGE_SIZE = 50;

/** Query of GET /api/portal/activity (and its CSV download, which ignores `page`). */
const PAGE_MESSAGE = "page must be a whole number from 1";

export const activityQuerySchema = z.object({
  page: z._default(
    z.pipe(
      z.pipe(z.string().check(z.regex(/^\d{1,6}$/, PAGE_MESSAGE)), z.transform(Number)),
      z.number().check(z.gte(1, PAGE_MESSAGE)),
    ),
    1,
  ),
  person: z.optional(z.uuid()),
  kind: z.optional(z.enum(ACTIVITY_KINDS)),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** One entry of the activity log. */
export const activityEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  action: z.string(),
  kind: z.string(),
  /** Who did it: their account (null for an unknown name) and the name as typed or hashed. */
  userId: z.nullable(z.uuid()),
  username: z.nullable(z.string()),
  displayName: z.nullable(z.string()),
  targetId: z.nullable(z.string()),
  targetName: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  detail: z.nullable(z.string()),
  /** How many attempts the entry stands for (refused sign-ins are counted per name, address and hour). */
  count: z.int(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** A page of the activity log, newest first. */
export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  page: z.int(),
  pageSize: z.int(),
  total: z.int(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
