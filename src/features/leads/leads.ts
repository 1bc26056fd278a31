/** The Leads screen's pure half: the list call's query, the status words, and the response clock as staff read it. */
import { businessMinutesBetween } from "~/lib/business-time";
import { LEAD_LIMITS, LEAD_REPLY_MINUTES, LEAD_STATUSES, type LeadStatus } from "~/schemas/lead-fields";
import { formatCompanyDay } from "~/lib/company-days";

/** The owner filter: everyone, mine, nobody's, or one staff member's id. */
export type OwnerFilter = "all" | "me" | "unassigned" | (string & {});
/** The status filter: every status, or one. */
export type StatusFilter = "all" | LeadStatus;

export interface LeadFilters {
  status: StatusFilter;
  owner: OwnerFilter;
}

/** Leads fetched per page ("Load more" fetches the next ones with the API's cursor). */
export const LEAD_PAGE_SIZE = LEAD_LIMITS.page.defaultLimit;

/** The list call's query for one page: only the filters that narrow it, and the previous page's cursor. */
export function leadQuery(
  filters: LeadFilters,
  cursor?: string | null,
): { limit: string; status?: LeadStatus; owner?: string; cursor?: string } {
  return {
    limit: String(LEAD_PAGE_SIZE),
    ...(filters.status !== "all" ? { status: filters.status } : {}),
    ...(filters.owner !== "all" ? { owner: filters.owner } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** Each status's word and colour; the word always shows, the colour only adds to it. */
export const LEAD_STATUS_LOOK: Record<LeadStatus, { label: string; className: string }> = {
  new: { label: "New", className: "bg-gold-100 text-gold-800" },
  contacted: { label: "Contacted", className: "bg-sky-100 text-sky-900" },
  "proposal-sent": { label: "Proposal sent", className: "bg-violet-100 text-violet-900" },
  won: { label: "Won", className: "bg-green-100 text-green-800" },
  lost: { label: "Lost", className: "bg-stone-200 text-stone-800" },
};

/** The statuses in pipeline order, for menus. */
export const STATUS_OPTIONS = LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LOOK[value].label }));

/**
 * Business minutes as staff read them: "12 business minutes", "1 business hour 5 min", "3 business hours".
 * Days are not used: a business day is nine hours, and "2 days" would read as calendar days.
 */
export function formatBusinessMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} business minute${whole === 1 ? "" : "s"}`;
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  const head = `${hours} business hour${hours === 1 ? "" : "s"}`;
  return rest ? `${head} ${rest} min` : head;
}

/** A wait in business minutes, short: "45 min", "3 h 20 min", "12 h". */
export function formatWait(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (!hours) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/**
 * Business minutes an unanswered lead has waited at `now`: its clock started one business hour before the reply
 * was due (at arrival, or at release for a message held back), and counts only business hours since.
 */
export function businessWait(lead: { createdAt: string; replyDueAt: string | null }, now: number): number {
  const at = new Date(now);
  return lead.replyDueAt === null
    ? businessMinutesBetween(new Date(lead.createdAt), at)
    : LEAD_REPLY_MINUTES + businessMinutesBetween(new Date(lead.replyDueAt), at);
}

/** How the response clock reads for one lead at `now`: its first reply's time, its wait when overdue, or neither. */
export function clockLabel(
  lead: { firstReplyMinutes: number | null; overdue: boolean; createdAt: string; replyDueAt: string | null },
  now: number = Date.now(),
): string {
  if (lead.firstReplyMinutes !== null) return `First reply in ${formatBusinessMinutes(lead.firstReplyMinutes)}`;
  if (lead.overdue) return `Overdue: waiting ${formatWait(businessWait(lead, now))} in business hours`;
  return "Awaiting a first reply";
}

/** A company day (YYYY-MM-DD) as "Mon, Nov 30"; the day itself, not shifted by the browser's zone. */
export function formatDay(day: string): string {
  return formatCompanyDay(day, { weekday: "short", month: "short", day: "numeric" });
}

/** The owner's name, or "Unassigned"; an owner without a display name is still an owner. */
export const ownerLabel = (lead: { ownerId: string | null; ownerName: string | null }) =>
  lead.ownerId === null ? "Unassigned" : (lead.ownerName ?? "A staff member");

/** The editor's project name for a lead: its project type when the sender chose one, and whose it is. */
export function leadProjectName(lead: { name: string; projectType: string }): string {
  const type = lead.projectType.trim();
  const what = !type || type === "general" ? "Project" : type.charAt(0).toUpperCase() + type.slice(1);
  return `${what} for ${lead.name.trim()}`;
}

/** The signer's name as the Send dialog wants it: first and last name as the sender typed them. */
export const leadSignerName = (lead: { firstName: string; lastName: string }) =>
  [lead.firstName, lead.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ");
