import { useStore } from "@nanostores/react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { ACTIVITY_KINDS } from "~/schemas/activity";
import { AdminOnly } from "~/features/portal-shell/AdminOnly";
import { ListScreen } from "~/portal/ListScreen";
import { portalPaths } from "~/portal/navigation";
import { StaffScreen } from "~/features/portal-shell/StaffScreen";
import { useAction } from "~/portal/use-action";
import { $staff } from "~/features/staff/staff";
import { downloadCsv } from "./activity";
import { activityMessages } from "./messages";
import { $activity, $activityFilter, filterActivity, reloadActivity, turnActivityPage } from "./store";

/** /portal/activity (admins): the activity log, newest first, 50 a page, filtered by person and kind, as CSV. */
export function ActivityPage() {
  return (
    <StaffScreen title="Activity" current={portalPaths.activity} subtitle="Sign-ins and changes, newest first">
      <AdminOnly>
        <ActivityLog />
      </AdminOnly>
    </StaffScreen>
  );
}

function ActivityLog() {
  const { data: people } = useStore($staff);
  const filter = useStore($activityFilter);
  const { data: page, error } = useStore($activity);
  const { run } = useAction({ failed: activityMessages.downloadFailed });
  // While a page loads its total is unknown: the pager counts up to the page asked for, never below it.
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : filter.page;
  const select = (name: "person" | "kind", label: string, options: [string, string][]) => (
    <Field label={label}>
      {(c) => (
        <select
          {...c}
          value={filter[name]}
          onChange={(event) => filterActivity(name, event.currentTarget.value)}
          className="h-10 max-w-full rounded-md border border-navy-200 bg-white px-3 text-sm"
        >
          <option value="">Everyone</option>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <div className="flex flex-wrap items-end gap-4">
        {select(
          "person",
          "Person",
          (people ?? []).map((p) => [p.id, p.displayName || p.username]),
        )}
        {select(
          "kind",
          "Kind",
          ACTIVITY_KINDS.map((k) => [k, k]),
        )}
        <Button variant="outline" onClick={() => void run(() => downloadCsv(filter))}>
          Download CSV
        </Button>
      </div>
      <ListScreen
        what="The activity log"
        items={page?.entries}
        error={error}
        onRetry={reloadActivity}
        empty={<p className="text-sm text-navy-700">Nothing recorded for this choice.</p>}
      >
        {(entries) => (
          // Focusable, so a keyboard can scroll the table sideways on a narrow screen.
          <div
            tabIndex={0}
            role="region"
            aria-label="Activity entries"
            className="overflow-x-auto rounded-lg border border-navy-100 bg-white"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Activity log, page {page?.page}</caption>
              <thead className="bg-stone-50 text-navy-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    When
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Who
                  </th>
                  <th scope="col" className="px-3 py-2">
                    What
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Details
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Address and device
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id} className="border-t border-navy-100 align-top">
                    <td className="px-3 py-2 whitespace-nowrap">{new Date(entry.at).toLocaleString("en-US")}</td>
                    <td className="px-3 py-2">{entry.displayName || entry.username || "Unknown"}</td>
                    <td className="px-3 py-2">
                      {entry.action}
                      {entry.count > 1 && ` (×${entry.count})`}
                    </td>
                    <td className="px-3 py-2">{[entry.targetName, entry.detail].filter(Boolean).join(": ")}</td>
                    <td className="px-3 py-2 break-all">
                      {entry.ip ?? ""}
                      {entry.userAgent && <span className="block text-xs text-navy-600">{entry.userAgent}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListScreen>
      <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
        <Button variant="outline" size="sm" disabled={filter.page <= 1} onClick={() => turnActivityPage(-1)}>
          Newer
        </Button>
        <span>
          Page {filter.page} of {pages}
        </span>
        <Button variant="outline" size="sm" disabled={filter.page >= pages} onClick={() => turnActivityPage(1)}>
          Older
        </Button>
      </nav>
    </main>
  );
}
