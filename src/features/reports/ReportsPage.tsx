import { useStore } from "@nanostores/react";
import { Field } from "~/components/ui/field";
import { AdminOnly } from "~/features/portal-shell/AdminOnly";
import { LoadError } from "~/portal/LoadError";
import { PortalLoadingText } from "~/portal/PortalFrame";
import { portalPaths } from "~/portal/navigation";
import { StaffScreen } from "~/features/portal-shell/StaffScreen";
import { ReportBody } from "./ReportBody";
import { $from, $report, $to } from "./store";

/** /portal/reports (admins): where leads come from, how many become work, and how fast staff answer. */
export function ReportsPage() {
  return (
    <StaffScreen
      title="Reports"
      subtitle="Leads by source, the proposal funnel and the response clock, in company time."
      current={portalPaths.reports}
    >
      <AdminOnly>
        <Reports />
      </AdminOnly>
    </StaffScreen>
  );
}

const DATE = "h-10 rounded-md border border-navy-200 bg-white px-3 text-sm";

function Reports() {
  const { data: report, error } = useStore($report);
  const from = useStore($from);
  const to = useStore($to);
  return (
    <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <form className="flex flex-wrap items-end gap-4" onSubmit={(e) => e.preventDefault()}>
        <Field label="From">
          {(control) => (
            <input
              {...control}
              type="date"
              value={from || report?.from || ""}
              onChange={(e) => $from.set(e.currentTarget.value)}
              className={DATE}
            />
          )}
        </Field>
        <Field label="To">
          {(control) => (
            <input
              {...control}
              type="date"
              value={to || report?.to || ""}
              onChange={(e) => $to.set(e.currentTarget.value)}
              className={DATE}
            />
          )}
        </Field>
      </form>
      {error ? (
        <LoadError what="The reports" error={error as Error} onRetry={() => $report.invalidate()} />
      ) : !report ? (
        <PortalLoadingText />
      ) : (
        <ReportBody report={report} />
      )}
    </main>
  );
}
