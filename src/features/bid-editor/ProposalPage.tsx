import { useStore } from "@nanostores/react";
import type { CSSProperties } from "react";
import { BID_BREAKDOWN, PAGE_MIN_HEIGHT_PX, PRINTABLE_WIDTH_PX, PROPOSAL_FONT_STACKS } from "./constants";
import { AmountText } from "./AmountText";
import { DocumentHeader } from "./DocumentHeader";
import { breakdownTotal, formatMoney, isBidOverridden } from "./proposal";
import { ProposalBody } from "./ProposalBody";
import { $content, $settings, setAmount } from "./store";

/**
 * The printable proposal: `pageWidth` px wide, at least 850 px tall, in the chosen face, sizes and
 * accent. The body's own HTML inherits the face, size and line height; the accent and the print zoom
 * reach proposal.css as CSS variables.
 */
export function ProposalPage() {
  const settings = useStore($settings);
  const style = {
    width: settings.pageWidth,
    minHeight: PAGE_MIN_HEIGHT_PX,
    fontFamily: PROPOSAL_FONT_STACKS[settings.fontFamily],
    fontSize: `${settings.bodyFontSize}pt`,
    lineHeight: settings.lineHeight,
    "--pe-accent": settings.accentColor,
    // Wider pages are scaled down to fit the printable width of letter paper.
    "--pe-print-zoom": Math.min(1, PRINTABLE_WIDTH_PX / settings.pageWidth),
  } as CSSProperties;

  return (
    <article aria-label="Proposal document" className="proposal-page" style={style}>
      <DocumentHeader />
      <BidBox bidFontSize={settings.bidFontSize} />
      <ProposalBody />
    </article>
  );
}

/**
 * The Base Bid Amount box with its turnkey breakdown. The base bid is the breakdown's sum unless
 * typed over; an override is marked, with the sum beside it and a way back (neither is printed).
 */
function BidBox({ bidFontSize }: { bidFontSize: number }) {
  const content = useStore($content);
  const overridden = isBidOverridden(content);
  return (
    <section aria-label="Base bid amount" className="proposal-bid" data-override={overridden || undefined}>
      <p className="proposal-bid-label">Base Bid Amount</p>
      <p className="proposal-bid-amount" style={{ fontSize: `${bidFontSize}pt` }}>
        <AmountText field="baseBidAmount" label="Base bid amount" />
      </p>
      {overridden && (
        <p className="proposal-bid-override print:hidden" role="status">
          Override: the breakdown adds up to {formatMoney(breakdownTotal(content))}.{" "}
          <button type="button" className="font-semibold underline" onClick={() => setAmount("baseBidAmount", null)}>
            Use the total
          </button>
        </p>
      )}
      <p className="proposal-bid-turnkey">Turnkey price, including:</p>
      <dl className="proposal-bid-breakdown">
        {BID_BREAKDOWN.map(({ field, label }) => (
          <div key={field}>
            <dt>{label}</dt>
            <dd>
              <AmountText field={field} label={`${label} amount`} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
