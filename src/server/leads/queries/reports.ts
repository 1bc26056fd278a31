/**
 * The Reports screen's figures, from the leads that arrived between two company days: leads per week by source,
 * the funnel to proposals sent and accepted, and the time to first reply in business minutes. The clock's
 * minutes are fixed on each lead when its first reply is written, so these are plain aggregates.
 */
import { LEAD_REPLY_MINUTES, type LeadReportTable } from "~/schemas/lead-fields";
import { BACKWARD_PERIOD, type LeadReport, type LeadReportQuery } from "~/schemas/leads";
import type { Queryable } from "~/server/db";
import { companyDay } from "~/lib/bid-days";
import { invalidQuery } from "~/server/http";
import { company } from "~/config/company";
import { csvRows } from "~/server/csv";
import { addDays } from "~/lib/company-days";

/** The leads of the period, as a CTE: `$1` the first day, `$2` the last, `$3` the company's zone. */
const LEADS = `leads AS (
  SELECT m.id, m.source, m.first_reply_business_minutes AS minutes, m.created_at AT TIME ZONE $3 AS local
  FROM contact_messages m
  WHERE m.spam_reason IS NULL AND NOT m.held
    AND m.created_at >= $1::date::timestamp AT TIME ZONE $3 AND m.created_at < ($2::date + 1)::timestamp AT TIME ZONE $3)`;

/** A share rounded to four places; null when there is nothing to divide by. */
const ratio = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : null);

/** The period a query names: its days, or the 365 ending today in company time. */
function period(query: LeadReportQuery, now: Date): { from: string; to: string } {
  const to = query.to ?? companyDay(now);
  const from = query.from ?? addDays(to, -364);
  // The query's schema refuses a backward period of two given days; only a `from` after today, with `to` left to
  // its default, is found here, and is refused the same way.
  if (from > to) throw invalidQuery([{ path: ["from"], message: BACKWARD_PERIOD, code: "custom" }]);
  return { from, to };
}

/** The three tables of the Reports screen. */
export async function leadReport(db: Queryable, query: LeadReportQuery, now = new Date()): Promise<LeadReport> {
  const { from, to } = period(query, now);
  const params = [from, to, company.timeZone];
  const weekly = await db.query<{ week: string; source: string; leads: number }>(
    `WITH ${LEADS} SELECT date_trunc('week', local)::date::text AS week, source, count(*)::int AS leads
     FROM leads GROUP BY 1, 2 ORDER BY 1, 2`,
    params,
  );
  const months = await db.query<{
    month: string;
    leads: number;
    proposals: number;
    accepted: number;
    answered: number;
    median: number | string | null;
    within: number;
  }>(
    `WITH ${LEADS},
     linked AS (
       SELECT b.lead_id, bool_or(v.accepted_at IS NOT NULL) AS accepted
       FROM bids b JOIN bid_versions v ON v.bid_id = b.id WHERE b.lead_id IN (SELECT id FROM leads) GROUP BY b.lead_id)
     SELECT to_char(l.local, 'YYYY-MM') AS month, count(*)::int AS leads, count(k.lead_id)::int AS proposals,
       count(*) FILTER (WHERE k.accepted)::int AS accepted, count(l.minutes)::int AS answered,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY l.minutes) AS median,
       count(*) FILTER (WHERE l.minutes <= $4)::int AS within
     FROM leads l LEFT JOIN linked k ON k.lead_id = l.id GROUP BY 1 ORDER BY 1`,
    [...params, LEAD_REPLY_MINUTES],
  );
  return {
    from,
    to,
    weekly,
    funnel: months.map((m) => ({
      month: m.month,
      leads: m.leads,
      proposals: m.proposals,
      accepted: m.accepted,
      proposalRate: ratio(m.proposals, m.leads),
      acceptRate: ratio(m.accepted, m.proposals),
    })),
    replies: months.map((m) => ({
      month: m.month,
      leads: m.leads,
      answered: m.answered,
      medianMinutes: m.median === null ? null : Number(m.median),
      withinHourShare: ratio(m.within, m.leads),
    })),
  };
}

/** One table of the report as CSV (a header row, then a row per line, CRLF between rows). */
export function reportCsv(report: LeadReport, table: LeadReportTable): string {
  const rows: (string | number | null)[][] =
    table === "weekly"
      ? [["week", "source", "leads"], ...report.weekly.map((r) => [r.week, r.source, r.leads])]
      : table === "funnel"
        ? [
            ["month", "leads", "proposals", "accepted", "proposal_rate", "accept_rate"],
            ...report.funnel.map((r) => [r.month, r.leads, r.proposals, r.accepted, r.proposalRate, r.acceptRate]),
          ]
        : [
            ["month", "leads", "answered", "median_business_minutes", "within_hour_share"],
            ...report.replies.map((r) => [r.month, r.leads, r.answered, r.medianMinutes, r.withinHourShare]),
          ];
  return csvRows(rows);
}

/** The download's file name: only the table's name and the days, so it is safe in a header. */
export const csvFileName = (report: LeadReport, table: LeadReportTable) =>
  `leads-${table}-${report.from}-${report.to}.csv`;
