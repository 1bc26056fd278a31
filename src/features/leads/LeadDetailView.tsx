import { useStore } from "@nanostores/react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { formatExact, telHref } from "~/features/inbox/inbox";
import { LoadError } from "~/portal/LoadError";
import { PortalLoadingText } from "~/portal/PortalFrame";
import { portalPaths } from "~/portal/navigation";
import { StatusBadge } from "~/features/sent-bids/StatusBadge";
import type { LeadDetail } from "~/schemas/leads";
import { LeadControls } from "./LeadControls";
import { clockLabel } from "./leads";
import { LeadStatusBadge, OverdueMark } from "./LeadStatusBadge";
import { LeadNotes, LeadThread } from "./LeadThread";
import { Section } from "./Section";
import { $openLead, openLead } from "./store";

/** One lead: the message and where it came from, its status and owner, the thread, notes and proposals. */
export function LeadDetailView() {
  const { data: lead, error } = useStore($openLead);
  return (
    <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <Button variant="outline" size="sm" className="justify-self-start" onClick={() => openLead("")}>
        <Icon name="arrow-left" /> All leads
      </Button>
      {error ? (
        <LoadError what="The lead" error={error as Error} onRetry={() => $openLead.invalidate()} />
      ) : !lead ? (
        <PortalLoadingText />
      ) : (
        <Detail lead={lead} />
      )}
    </main>
  );
}

function Detail({ lead }: { lead: LeadDetail }) {
  return (
    <article aria-labelledby="lead-name" className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="grid grid-cols-1 content-start gap-6">
        <header className="grid grid-cols-1 gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="lead-name" className="text-xl font-bold text-navy-950">
              {lead.name}
            </h2>
            {lead.overdue && <OverdueMark />}
            <LeadStatusBadge status={lead.status} />
          </div>
          <p className="text-sm text-navy-700">
            Received <time dateTime={lead.createdAt}>{formatExact(lead.createdAt)}</time> · {lead.projectType} ·{" "}
            <span data-testid="lead-clock">{clockLabel(lead)}</span>
          </p>
          <p className="flex flex-wrap gap-x-4 text-sm">
            <a href={`mailto:${lead.email}`} className="font-semibold break-all text-navy-800 underline">
              {lead.email}
            </a>
            {lead.phone && (
              <a href={telHref(lead.phone)} className="font-semibold text-navy-800 underline">
                {lead.phone}
              </a>
            )}
          </p>
        </header>
        <Section title="Message">
          <p className="text-sm wrap-anywhere whitespace-pre-line text-navy-900">{lead.message}</p>
        </Section>
        <LeadThread lead={lead} />
        <LeadNotes lead={lead} />
      </div>
      <div className="grid grid-cols-1 content-start gap-6">
        <LeadControls lead={lead} />
        <Proposals lead={lead} />
        <Source lead={lead} />
      </div>
    </article>
  );
}

function Proposals({ lead }: { lead: LeadDetail }) {
  return (
    <Section title="Proposals">
      {lead.bids.length === 0 ? (
        <p className="text-sm text-navy-700">None sent yet.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 text-sm">
          {lead.bids.map((bid) => (
            <li key={bid.id} className="flex flex-wrap items-center gap-2">
              <a href={`${portalPaths.proposals}#${bid.id}`} className="font-semibold text-navy-800 underline">
                {bid.projectName || "Untitled project"}
              </a>
              <span className="text-navy-700">{bid.amount}</span>
              <StatusBadge status={bid.status} />
            </li>
          ))}
        </ul>
      )}
      <a
        href={`${portalPaths.proposalEditor}?lead=${encodeURIComponent(lead.id)}`}
        className="justify-self-start rounded-md bg-navy-900 px-4 py-2 text-sm font-semibold text-white hover:bg-navy-800"
      >
        Start a proposal
      </a>
    </Section>
  );
}

function Source({ lead }: { lead: LeadDetail }) {
  const s = lead.sourceDetail;
  const rows: [string, string | null][] = [
    ["Source", lead.source],
    ["Page", s.page],
    ["Referrer", s.referrer],
    ["Landing page", s.landingPage],
    ["utm_source", s.utmSource],
    ["utm_medium", s.utmMedium],
    ["utm_campaign", s.utmCampaign],
    ["utm_term", s.utmTerm],
    ["utm_content", s.utmContent],
  ];
  return (
    <Section title="Where it came from">
      <dl className="grid grid-cols-1 gap-1 text-sm">
        {rows
          .filter(([, value]) => value)
          .map(([term, value]) => (
            <div key={term} className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2">
              <dt className="font-semibold text-navy-700">{term}</dt>
              <dd className="break-all text-navy-900">{value}</dd>
            </div>
          ))}
      </dl>
    </Section>
  );
}
