import type { LeadReport } from "~/schemas/leads";
import { FunnelChart } from "./FunnelChart";
import { RepliesChart } from "./RepliesChart";
import { WeeklyChart } from "./WeeklyChart";

/** The report for the chosen days: its three charts, or in words that the period holds no lead. */
export function ReportBody({ report }: { report: LeadReport }) {
  if (report.weekly.length === 0) return <NoLeads from={report.from} to={report.to} />;
  return (
    <div className="grid grid-cols-1 gap-6">
      <WeeklyChart report={report} />
      <FunnelChart report={report} />
      <RepliesChart report={report} />
    </div>
  );
}

/** A period without leads: said in words, instead of charts with empty axes. */
function NoLeads({ from, to }: { from: string; to: string }) {
  return (
    <div className="grid grid-cols-1 justify-items-center gap-2 rounded-lg border border-dashed border-navy-200 bg-white px-6 py-12 text-center">
      <h2 className="text-lg font-bold">No leads in this period</h2>
      <p className="max-w-md text-sm text-navy-600">
        No contact message arrived from {from} to {to}, so there is nothing to chart. Choose earlier dates above; the
        charts fill in as leads come through the website's contact form.
      </p>
    </div>
  );
}
