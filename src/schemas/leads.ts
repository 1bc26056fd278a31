/**
 * Leads: every contact message that is neither spam nor held, followed from arrival to won or lost. What the
 * Leads screen lists and opens, what staff change and write on a lead, and what the Reports screen draws.
 */
import { BID_STATUSES } from "./bids";
import { LEAD_LIMITS, LEAD_OWNER_FILTERS, LEAD_REPORT_TABLES, LEAD_STATUSES } from "./lead-fields";
import { z } from "./zod";

const day = z.iso.date();
const instant = z.iso.datetime();

/** One lead as the list shows it: small, so a page of 50 stays far under 100 KB. */
export const leadListItemSchema = z.object({
  id: z.uuid(),
  /** The sender's full name as they typed it. */
  name: z.string(),
  email: z.string(),
  /** The message's first characters (at most `LEAD_LIMITS.excerpt`), whitespace folded. */
  excerpt: z.string(),
  status: z.enum(LEAD_STATUSES),
  ownerId: z.nullable(z.uuid()),
  ownerName: z.nullable(z.string()),
  createdAt: instant,
  followUpOn: z.nullable(day),
  /** Still `new` past `replyDueAt`: one business hour after arrival. */
  overdue: z.boolean(),
  replyDueAt: z.nullable(instant),
  /** Business minutes from arrival to the first reply; null until someone replies. */
  firstReplyMinutes: z.nullable(z.int()),
  /** A linked proposal was declined or expired and none is open or accepted: staff should record why it was lost. */
  lostReasonNeeded: z.boolean(),
  /** utm_source, else the referrer's host, else "direct". */
  source: z.string(),
});
export type LeadListItem = z.infer<typeof leadListItemSchema>;

/** Answer of GET /api/portal/leads: a page of leads, overdue first then newest, and the cursor of the next. */
export const leadPageSchema = z.object({ items: z.array(leadListItemSchema), next: z.nullable(z.string()) });
export type LeadPage = z.infer<typeof leadPageSchema>;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${LEAD_LIMITS.page.maxLimit}`;

/**
 * Query of GET /api/portal/leads, all optional: `status`, `owner` (a staff id, "me" or "unassigned"), `limit`
 * (default 50) and `cursor` (the previous page's `next`).
 */
export const leadListQuerySchema = z.object({
  status: z.optional(z.enum(LEAD_STATUSES, `status must be one of ${LEAD_STATUSES.join(", ")}`)),
  owner: z.optional(
    z.union([z.enum(LEAD_OWNER_FILTERS), z.uuid()], "owner must be a staff member's id, me or unassigned"),
  ),
  limit: z.optional(
    z.pipe(
      z.pipe(z.string().check(z.regex(/^\d+$/, LIMIT_MESSAGE)), z.transform(Number)),
      z.number().check(z.gte(1, LIMIT_MESSAGE), z.lte(LEAD_LIMITS.page.maxLimit, LIMIT_MESSAGE)),
    ),
  ),
  // Any id PostgreSQL reads as a uuid, as the query compares it: one that names no lead gives an empty page.
  cursor: z.optional(z.guid("cursor must be the next value of the previous page")),
});
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

/** A private note on a lead. */
export const leadNoteSchema = z.object({ id: z.uuid(), author: z.string(), body: z.string(), createdAt: instant });

/** One reply of the thread, and how its e-mail fared. */
export const leadReplySchema = z.object({
  id: z.uuid(),
  author: z.string(),
  /** Where the sender's answer goes: the author's notification address when it was written. */
  replyTo: z.string(),
  body: z.string(),
  createdAt: instant,
  delivery: z.enum(["pending", "sent", "failed"]),
});

/** A proposal sent from the lead, with its pipeline status. */
export const leadBidSchema = z.object({
  id: z.uuid(),
  projectName: z.string(),
  amount: z.string(),
  status: z.enum(BID_STATUSES),
  sentAt: instant,
});

/** Where a lead came from (all optional: a message from before leads, or a visitor without a referrer). */
export const leadSourceSchema = z.object({
  page: z.nullable(z.string()),
  referrer: z.nullable(z.string()),
  landingPage: z.nullable(z.string()),
  utmSource: z.nullable(z.string()),
  utmMedium: z.nullable(z.string()),
  utmCampaign: z.nullable(z.string()),
  utmTerm: z.nullable(z.string()),
  utmContent: z.nullable(z.string()),
});

/** Answer of GET /api/portal/leads/:id (and of every change to a lead). */
export const leadDetailSchema = z.extend(leadListItemSchema, {
  firstName: z.string(),
  lastName: z.string(),
  phone: z.nullable(z.string()),
  projectType: z.string(),
  message: z.string(),
  lostReason: z.nullable(z.string()),
  firstReplyAt: z.nullable(instant),
  sourceDetail: leadSourceSchema,
  notes: z.array(leadNoteSchema),
  replies: z.array(leadReplySchema),
  bids: z.array(leadBidSchema),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

const trimmed = (max: number, label: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

/**
 * Body of PATCH /api/portal/leads/:id, every field optional: `status` (`lost` needs `lostReason`; leaving `lost`
 * clears it), `ownerId` (any active staff member, or null to unassign), `followUpOn` (a day, or null).
 */
export const leadPatchSchema = z
  .object({
    status: z.optional(z.enum(LEAD_STATUSES)),
    lostReason: z.optional(trimmed(LEAD_LIMITS.lostReason, "Lost reason")),
    ownerId: z.optional(z.nullable(z.uuid())),
    followUpOn: z.optional(z.nullable(day)),
  })
  .check(
    z.refine((p) => p.status !== "lost" || p.lostReason !== undefined, {
      message: "Say why the lead was lost",
      path: ["lostReason"],
    }),
  );
export type LeadPatch = z.infer<typeof leadPatchSchema>;

/** Body of POST /api/portal/leads/:id/notes. */
export const leadNoteInputSchema = z.object({ body: trimmed(LEAD_LIMITS.note, "Note") });

/** Body of POST /api/portal/leads/:id/replies: plain text, e-mailed to the sender. */
export const leadReplyInputSchema = z.object({ body: trimmed(LEAD_LIMITS.reply, "Reply") });

/** A staff member a lead can be assigned to (GET /api/portal/leads/owners). */
export const leadOwnerSchema = z.object({ id: z.uuid(), displayName: z.string() });

const reportDays = { from: z.optional(day), to: z.optional(day) };

/** The refusal of a period that runs backwards. */
export const BACKWARD_PERIOD = "from must not be after to";

/** A period runs forward: when both days are given, `from` is not after `to`. */
const forwardPeriod = z.refine<{ from?: string; to?: string }>(
  (query) => !query.from || !query.to || query.from <= query.to,
  { message: BACKWARD_PERIOD, path: ["from"] },
);

/** Query of the reports: company days `from` and `to` (inclusive; default the 365 days to today). */
export const leadReportQuerySchema = z.object(reportDays).check(forwardPeriod);
export type LeadReportQuery = z.infer<typeof leadReportQuerySchema>;

/** Query of the CSV download: which table, and the same days. */
export const leadReportCsvQuerySchema = z
  .object({
    ...reportDays,
    table: z.enum(LEAD_REPORT_TABLES, `table must be one of ${LEAD_REPORT_TABLES.join(", ")}`),
  })
  .check(forwardPeriod);

/** Answer of GET /api/portal/reports/leads. Weeks start on Monday, months are YYYY-MM, both in company time. */
export const leadReportSchema = z.object({
  from: day,
  to: day,
  /** Leads per week and source (weeks and sources without leads are absent). */
  weekly: z.array(z.object({ week: day, source: z.string(), leads: z.int() })),
  /**
   * Per month of arrival: leads, those with a proposal sent from them, those whose proposal was accepted, and the
   * rates (proposals / leads, accepted / proposals; null when dividing by zero).
   */
  funnel: z.array(
    z.object({
      month: z.string(),
      leads: z.int(),
      proposals: z.int(),
      accepted: z.int(),
      proposalRate: z.nullable(z.number()),
      acceptRate: z.nullable(z.number()),
    }),
  ),
  /**
   * Per month of arrival: leads answered, the median business minutes to the first reply, and the share of leads
   * answered within one business hour (of all the month's leads; null without leads).
   */
  replies: z.array(
    z.object({
      month: z.string(),
      leads: z.int(),
      answered: z.int(),
      medianMinutes: z.nullable(z.number()),
      withinHourShare: z.nullable(z.number()),
    }),
  ),
});
export type LeadReport = z.infer<typeof leadReportSchema>;
