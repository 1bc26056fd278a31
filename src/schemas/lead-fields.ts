/**
 * The zod-free half of the leads contract: statuses, limits and the response clock's one number. The Leads and
 * Reports screens and the public contact form's island import them without loading zod.
 */

/** A lead's place between arrival and decision; `handled` (the inbox's word) means anything past `new`. */
export const LEAD_STATUSES = ["new", "contacted", "proposal-sent", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** A lead unanswered this many business minutes after it arrived is overdue. */
export const LEAD_REPLY_MINUTES = 60;

/** Lead limits, each defined once: the browser checks them before sending, the API refuses past them. */
export const LEAD_LIMITS = {
  note: 10_000,
  reply: 10_000,
  lostReason: 1000,
  /** How much of the message a list item carries. */
  excerpt: 200,
  page: { defaultLimit: 50, maxLimit: 100 },
  /** Where the lead came from: the form's path, the referrer and the landing page (URLs), each utm_* value. */
  sourcePage: 500,
  sourceUrl: 1000,
  utmValue: 200,
} as const;

/** The utm_* parameters kept from a landing page's query (everything else in it is dropped). */
export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

/** The owner filter's two words besides a staff member's id. */
export const LEAD_OWNER_FILTERS = ["me", "unassigned"] as const;

/** The Reports screen's tables, each downloadable as CSV. */
export const LEAD_REPORT_TABLES = ["weekly", "funnel", "replies"] as const;
export type LeadReportTable = (typeof LEAD_REPORT_TABLES)[number];
