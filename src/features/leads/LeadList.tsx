import { useStore } from "@nanostores/react";
import { useEffect, useState, type ReactNode } from "react";
import { Field } from "~/components/ui/field";
import { Tooltip } from "~/components/ui/tooltip";
import { formatExact, formatReceived } from "~/features/inbox/inbox";
import { ListScreen } from "~/portal/ListScreen";
import { pagedListProps } from "~/portal/paged-list";
import { cn } from "~/lib/cn";
import type { LeadListItem } from "~/schemas/leads";
import { clockLabel, formatDay, ownerLabel, STATUS_OPTIONS, type LeadFilters } from "./leads";
import { LeadStatusBadge, OverdueMark } from "./LeadStatusBadge";
import { StaffOptions } from "./StaffOptions";
import { $leads, $owner, $status, leadFragment, loadMoreLeads, openLead, reloadLeads } from "./store";

// At most the screen's width: a long name among the options must not widen a phone's page.
const SELECT = "h-10 max-w-full rounded-md border border-navy-200 bg-white px-3 text-sm";

/** The leads, overdue first then newest, filtered by status and owner, 50 at a time. */
export function LeadList() {
  const list = useStore($leads);
  // One clock for the whole list, so every "5 minutes ago" is measured from the same moment.
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <>
      <Filters />
      <ListScreen
        what="The leads"
        {...pagedListProps(list, loadMoreLeads)}
        onRetry={reloadLeads}
        empty={
          <p className="rounded-lg border border-dashed border-navy-200 bg-white px-6 py-12 text-center text-sm text-navy-700">
            No leads match these filters. Messages from the website's contact form appear here as leads.
          </p>
        }
      >
        {(leads) => (
          <ul aria-label="Leads" className="grid max-w-4xl grid-cols-1 gap-3">
            {leads.map((lead) => (
              <LeadRow key={lead.id} lead={lead} now={now} />
            ))}
          </ul>
        )}
      </ListScreen>
    </>
  );
}

function Filters() {
  const status = useStore($status);
  const owner = useStore($owner);
  return (
    <div className="flex flex-wrap gap-4">
      <Field label="Status">
        {(control) => (
          <select
            {...control}
            value={status}
            onChange={(e) => $status.set(e.currentTarget.value as LeadFilters["status"])}
            className={SELECT}
          >
            <option value="all">All statuses</option>
            {STATUS_OPTIONS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Owner">
        {(control) => (
          <select {...control} value={owner} onChange={(e) => $owner.set(e.currentTarget.value)} className={SELECT}>
            <option value="all">Everyone</option>
            <option value="me">Mine</option>
            <option value="unassigned">Unassigned</option>
            <StaffOptions />
          </select>
        )}
      </Field>
    </div>
  );
}

/** One lead: who, status, whether it waits too long, owner, follow-up, when and where it came from. */
function LeadRow({ lead, now }: { lead: LeadListItem; now: number }) {
  return (
    <li
      data-overdue={lead.overdue || undefined}
      className={cn(
        "grid gap-2 rounded-lg border border-navy-100 bg-white p-4 shadow-sm",
        lead.overdue && "border-l-4 border-l-red-600",
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="min-w-0 flex-1 font-bold wrap-anywhere text-navy-950">
          <a
            href={leadFragment(lead.id)}
            onClick={(event) => {
              event.preventDefault();
              openLead(lead.id);
            }}
            className="inline-flex min-h-11 items-center underline-offset-2 hover:underline md:min-h-0"
          >
            {lead.name}
          </a>
        </h2>
        {lead.overdue && <OverdueMark />}
        <LeadStatusBadge status={lead.status} />
        <Tooltip label={formatExact(lead.createdAt)}>
          <time dateTime={lead.createdAt} tabIndex={0} className="rounded text-sm text-navy-600">
            {formatReceived(lead.createdAt, now)}
          </time>
        </Tooltip>
      </div>
      <p className="text-sm wrap-anywhere text-navy-800">{lead.excerpt}</p>
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-navy-700">
        <Fact term="Owner">{ownerLabel(lead)}</Fact>
        <Fact term="Follow-up">{lead.followUpOn ? formatDay(lead.followUpOn) : "None"}</Fact>
        <Fact term="Source">{lead.source}</Fact>
        <Fact term="Clock">{clockLabel(lead, now)}</Fact>
      </dl>
    </li>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-1">
      <dt className="font-semibold">{term}:</dt>
      <dd>{children}</dd>
    </div>
  );
}
