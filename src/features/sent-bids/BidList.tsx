import type { BidSummary } from "~/schemas/bids";
import { calendarDay, localTime, sealState, STATUS_LOOK, utcTime } from "./bids";
import { CodesSpentNote } from "./CodesSpentNote";
import { SealNote, StatusBadge } from "./StatusBadge";

/** When a bid was last seen or decided: the decision's time once there is one, else the first view's. */
function lastStep(bid: BidSummary): { label: string; at: string } | null {
  if (bid.decidedAt) return { label: STATUS_LOOK[bid.status].label, at: bid.decidedAt };
  if (bid.viewedAt) return { label: "Viewed", at: bid.viewedAt };
  return null;
}

/** A time in the reader's zone, with the UTC time the certificate prints as its tooltip. */
export function Time({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={utcTime(iso)}>
      {localTime(iso)}
    </time>
  );
}

/** The project's name as the link that opens the bid's detail. */
function OpenLink({ bid }: { bid: BidSummary }) {
  return (
    <a
      href={`#${bid.id}`}
      className="inline-flex min-h-11 min-w-0 items-center font-semibold wrap-anywhere text-navy-950 underline-offset-2 hover:underline md:min-h-0"
    >
      {bid.projectName || "Untitled proposal"}
    </a>
  );
}

/** The pipeline as a table from md up. */
export function BidTable({ bids }: { bids: BidSummary[] }) {
  const head = ["Status", "Project", "Client", "Amount", "Sent", "Open until", "Viewed / decided"];
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-navy-100 bg-white md:block">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Proposals sent to clients, newest first</caption>
        <thead className="bg-stone-50 text-navy-700">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className="px-3 py-2 whitespace-nowrap">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {bids.map((bid) => {
            const step = lastStep(bid);
            return (
              <tr key={bid.id} data-bid={bid.id} className="border-t border-navy-100 align-top">
                <td className="px-3 py-2">
                  <StatusBadge status={bid.status} />
                </td>
                <td className="px-3 py-2">
                  <OpenLink bid={bid} />
                  <div>
                    <SealNote state={sealState(bid)} />
                    <CodesSpentNote bid={bid} />
                  </div>
                </td>
                <td className="px-3 py-2">{bid.client}</td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{bid.amount}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <Time iso={bid.sentAt} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{calendarDay(bid.expiresOn)}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {step ? (
                    <>
                      {step.label} <Time iso={step.at} />
                    </>
                  ) : (
                    <span className="text-navy-600">Not opened yet</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The pipeline as cards below md, where a table would scroll sideways. */
export function BidCards({ bids }: { bids: BidSummary[] }) {
  return (
    <ul aria-label="Proposals" className="grid grid-cols-1 gap-3 md:hidden">
      {bids.map((bid) => {
        const step = lastStep(bid);
        return (
          <li
            key={bid.id}
            data-bid={bid.id}
            className="grid min-w-0 grid-cols-1 gap-2 rounded-lg border border-navy-100 bg-white p-4"
          >
            <div className="flex items-start justify-between gap-3">
              <OpenLink bid={bid} />
              <StatusBadge status={bid.status} />
            </div>
            <p className="text-sm wrap-anywhere text-navy-700">
              {bid.client} · <span className="tabular-nums">{bid.amount}</span>
            </p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-navy-700">
              <dt className="font-semibold">Sent</dt>
              <dd>
                <Time iso={bid.sentAt} />
              </dd>
              <dt className="font-semibold">Open until</dt>
              <dd>{calendarDay(bid.expiresOn)}</dd>
              {step && (
                <>
                  <dt className="font-semibold">{step.label}</dt>
                  <dd>
                    <Time iso={step.at} />
                  </dd>
                </>
              )}
            </dl>
            <SealNote state={sealState(bid)} />
            <CodesSpentNote bid={bid} />
          </li>
        );
      })}
    </ul>
  );
}
