import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { ApiError } from "~/lib/api-client";
import { toast } from "~/lib/toast";
import { ACTIVITY_KINDS, type ActivityPage as Page } from "~/schemas/activity";
import { Forbidden } from "~/features/portal/Forbidden";
import { LoadError } from "~/features/portal/LoadError";
import { portalMessages } from "~/features/portal/messages";
import { portalPaths } from "~/features/portal/navigation";
import { $account } from "~/features/portal/session-store";
import { PortalLoadingText, StaffScreen } from "~/features/portal/StaffScreen";
import { $staff } from "~/features/staff/staff";
import { downloadCsv, loadActivity, type ActivityFilter } from "./activity";

/** /portal/activity (admins): the activity log, newest first, 50 a page, filtered by person and kind, as CSV. */
export function ActivityPage() {
  return (
    <StaffScreen title="Activity" current={portalPaths.activity} subtitle="Sign-ins and changes, newest first">
      <ActivityBody />
    </StaffScreen>
  );
}

function ActivityBody() {
  const { data: account, error } = useStore($account);
  if (error) return <Forbidden />;
  if (!account) return <PortalLoadingText />;
  if (account.role !== "admin") return <Forbidden />;
  return <ActivityLog />;
}

function ActivityLog() {
  const { data: people } = useStore($staff);
  const [filter, setFilter] = useState<ActivityFilter>({ page: 1, person: "", kind: "" });
  const [state, setState] = useState<{ page?: Page; error?: Error }>({});
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    loadActivity(filter).then(
      (page) => current && setState({ page }),
      (error: Error) => current && setState({ error }),
    );
    return () => {
      current = false;
    };
  }, [filter, attempt]);
  const pages = state.page ? Math.max(1, Math.ceil(state.page.total / state.page.pageSize)) : 1;
  const select = (name: "person" | "kind", label: string, options: [string, string][]) => (
    <Field label={label}>
      {(c) => (
        <select
          {...c}
          value={filter[name]}
          onChange={(event) => setFilter({ ...filter, page: 1, [name]: event.currentTarget.value })}
          className="h-10 rounded-md border border-navy-200 bg-white px-3 text-sm"
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
    <main className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
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
        <Button
          variant="outline"
          onClick={() =>
            void downloadCsv(filter).catch((error: unknown) =>
              toast({
                ...portalMessages.saveFailed,
                title: "Download failed",
                description: error instanceof ApiError ? error.message : "Please try again",
              }),
            )
          }
        >
          Download CSV
        </Button>
      </div>
      {state.error ? (
        <LoadError what="The activity log" error={state.error} onRetry={() => setAttempt((n) => n + 1)} />
      ) : !state.page ? (
        <PortalLoadingText />
      ) : state.page.entries.length === 0 ? (
        <p className="text-sm text-navy-700">Nothing recorded for this choice.</p>
      ) : (
        // Focusable, so a keyboard can scroll the table sideways on a narrow screen.
        <div
          tabIndex={0}
          role="region"
          aria-label="Activity entries"
          className="overflow-x-auto rounded-lg border border-navy-100 bg-white"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Activity log, page {state.page.page}</caption>
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
              {state.page.entries.map((entry) => (
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
      <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
        <Button
          variant="outline"
          size="sm"
          disabled={filter.page <= 1}
          onClick={() => setFilter({ ...filter, page: filter.page - 1 })}
        >
          Newer
        </Button>
        <span>
          Page {filter.page} of {pages}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={filter.page >= pages}
          onClick={() => setFilter({ ...filter, page: filter.page + 1 })}
        >
          Older
        </Button>
      </nav>
    </main>
  );
}
