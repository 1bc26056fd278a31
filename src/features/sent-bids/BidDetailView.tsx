import { useStore } from "@nanostores/react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { LoadError } from "~/portal/LoadError";
import { PortalLoadingText } from "~/portal/PortalFrame";
import { portalMessages } from "~/portal/messages";
import { toast } from "~/lib/toast";
import type { BidDetail } from "~/schemas/bids";
import { BidActions } from "./BidActions";
import { Time } from "./BidList";
import { calendarDay, canWithdraw, EVENT_LABELS, newestFirst, sealState, shortHash } from "./bids";
import { bidsMessages } from "./messages";
import { SealNote, StatusBadge } from "./StatusBadge";
import { $bidBusy, $openBid, closeBid, reloadBids, resend } from "./store";

/** One bid: who signs and how far they are, the message, the document's hash, the timeline and the actions. */
export function BidDetailView() {
  const { data: bid, error } = useStore($openBid);
  return (
    <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <Button variant="ghost" size="sm" className="justify-self-start" onClick={closeBid}>
        <Icon name="arrow-left" /> All proposals
      </Button>
      {error ? (
        <LoadError what="The proposal" error={error as Error} onRetry={reloadBids} />
      ) : !bid ? (
        <PortalLoadingText />
      ) : (
        <Detail bid={bid} />
      )}
    </main>
  );
}

function Detail({ bid }: { bid: BidDetail }) {
  const title = useRef<HTMLHeadingElement>(null);
  // The link that opened the bid is gone with the list: the reader starts at the bid's name, at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
    title.current?.focus({ preventScroll: true });
  }, [bid.id]);
  const section = "grid content-start gap-3 rounded-lg border border-navy-100 bg-white p-4";
  return (
    <article aria-labelledby="bid-title" className="grid grid-cols-1 gap-6">
      <header className="flex flex-wrap items-start gap-3">
        <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
          <h2 id="bid-title" ref={title} tabIndex={-1} className="text-xl font-bold text-navy-950 outline-none">
            {bid.projectName || "Untitled proposal"}
          </h2>
          <p className="text-sm text-navy-700">
            {bid.client} · <span className="tabular-nums">{bid.amount}</span> · version {bid.version}
            {bid.sentBy && <> · sent by {bid.sentBy}</>}
          </p>
          <p className="text-sm text-navy-700">
            Sent <Time iso={bid.sentAt} /> · open until {calendarDay(bid.expiresOn)}
          </p>
          <SealNote state={sealState(bid)} />
        </div>
        <StatusBadge status={bid.status} className="text-sm" />
      </header>
      <BidActions bid={bid} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-labelledby="signers-title" className={section}>
          <h3 id="signers-title" className="font-bold text-navy-950">
            Signers
          </h3>
          <ul className="grid grid-cols-1 gap-3">
            {bid.signers.map((signer) => (
              <li key={signer.id} className="grid grid-cols-1 gap-0.5 text-sm">
                <span className="font-semibold text-navy-950">{signer.name}</span>
                <span className="break-all text-navy-700">{signer.email}</span>
                <SignerProgress signer={signer} />
                {canWithdraw(bid.status) && !signer.signedAt && !signer.declinedAt && (
                  <ResendLink bidId={bid.id} signer={signer} />
                )}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="sent-title" className={section}>
          <h3 id="sent-title" className="font-bold text-navy-950">
            What was sent
          </h3>
          <p className="text-sm whitespace-pre-line text-navy-800">{bid.message || "No message."}</p>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold">SHA-256</span>
            <code title={bid.sha256} className="rounded bg-stone-100 px-1.5 py-0.5 text-xs">
              {shortHash(bid.sha256)}
            </code>
            <Button variant="outline" size="sm" onClick={() => void copyHash(bid.sha256)}>
              <Icon name="copy" /> Copy
            </Button>
          </p>
        </section>
      </div>
      <section aria-labelledby="timeline-title" className={section}>
        <h3 id="timeline-title" className="font-bold text-navy-950">
          Timeline
        </h3>
        <ol className="grid grid-cols-1 gap-3">
          {newestFirst(bid.events).map((event, index) => (
            <li
              key={`${event.at}-${index}`}
              className="grid grid-cols-1 gap-0.5 border-l-2 border-gold-300 pl-3 text-sm"
            >
              <span className="font-semibold text-navy-950">
                {EVENT_LABELS[event.kind]}
                {event.signer && <span className="font-normal"> · {event.signer}</span>}
                {event.version !== bid.version && <span className="font-normal"> · version {event.version}</span>}
              </span>
              <Time iso={event.at} />
              {event.detail && <span className="text-navy-800">{event.detail}</span>}
              {(event.ip || event.userAgent) && (
                <span className="text-xs break-all text-navy-600">
                  {[event.ip, event.userAgent].filter(Boolean).join(" · ")}
                </span>
              )}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

/** Mails a signer who has not answered a fresh link: the first e-mail was lost, deleted or went to spam. */
function ResendLink({ bidId, signer }: { bidId: string; signer: BidDetail["signers"][number] }) {
  const busy = useStore($bidBusy);
  return (
    <Button
      variant="outline"
      size="sm"
      className="justify-self-start"
      disabled={busy}
      aria-label={`Send link again to ${signer.name}`}
      onClick={() => void resend(bidId, signer)}
    >
      <Icon name="send" /> Send link again
    </Button>
  );
}

/** Where one signer is: signed, declined (with why), opened, or not yet. */
function SignerProgress({ signer }: { signer: BidDetail["signers"][number] }) {
  if (signer.signedAt)
    return (
      <span className="text-green-800">
        ✓ Signed <Time iso={signer.signedAt} />
      </span>
    );
  if (signer.declinedAt)
    return (
      <span className="text-red-800">
        ✕ Declined <Time iso={signer.declinedAt} />
        {signer.declineReason && <>: “{signer.declineReason}”</>}
      </span>
    );
  if (signer.viewedAt)
    return (
      <span className="text-navy-700">
        Opened <Time iso={signer.viewedAt} />, not signed yet
      </span>
    );
  return <span className="text-navy-600">Not opened yet</span>;
}

async function copyHash(sha256: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(sha256);
    toast(bidsMessages.copied);
  } catch {
    toast(portalMessages.copyFailed);
  }
}
