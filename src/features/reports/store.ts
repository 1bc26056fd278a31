/** The Reports screen's state: the chosen days, the report for them, and each table's CSV download. */
import { atom } from "nanostores";
import { createFetcherStore, FETCHED_EACH_TIME } from "~/portal/query";
import { failureToast } from "~/portal/use-action";
import { api, read } from "~/lib/api-client";
import { toast } from "~/lib/toast";
import type { LeadReportTable } from "~/schemas/lead-fields";
import type { LeadReport } from "~/schemas/leads";

/** The chosen days (company days, inclusive); "" lets the API choose its default (the 365 days to today). */
export const $from = atom("");
export const $to = atom("");

const days = (from: string, to: string) => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) });

/** The report for the chosen days, read afresh each time they change. */
export const $report = createFetcherStore<LeadReport>(["report:", $from, ":", $to], {
  ...FETCHED_EACH_TIME,
  fetcher: (_, from, __, to) => read(api.portal.reports.leads.$get({ query: days(String(from), String(to)) })),
});

/** Downloads one table as CSV, for the days shown; the file name is the API's. */
export async function downloadCsv(table: LeadReportTable, report: Pick<LeadReport, "from" | "to">): Promise<void> {
  try {
    // A failure has thrown its ApiError already; what comes back is the file.
    const response = await api.portal.reports["leads.csv"].$get({ query: { table, ...days(report.from, report.to) } });
    const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
    const link = document.createElement("a");
    link.href = URL.createObjectURL(await response.blob());
    link.download = name ?? `leads-${table}.csv`;
    link.click();
    // The click has handed the file to the browser; the URL is no longer needed after this turn.
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  } catch (error) {
    console.error("Report CSV not downloaded:", error);
    toast(failureToast(error, { title: "Could not download the table", variant: "destructive" }));
  }
}
