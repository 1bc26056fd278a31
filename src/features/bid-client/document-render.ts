/**
 * The sent proposal as the editor prints it (ProposalPage, DocumentHeader and the bid box), drawn with
 * DOM calls into the same proposal.css classes, so one stylesheet defines the look on paper, in the
 * editor and on the client's page. Only widths change on a phone: the page and the logo's offsets
 * scale with the screen instead of running off it.
 */
import type { SentDocument } from "~/schemas/bids";
import { BID_BREAKDOWN, PRINTABLE_WIDTH_PX, PROPOSAL_FONT_STACKS } from "~/features/bid-editor/constants";
import { renderBody } from "./body-render";
import { el } from "./dom";
import { longDay } from "./format";
import { t } from "./language";

/** The page's horizontal padding in proposal.css (48 px each side): what the logo's offsets are measured in. */
const PAGE_PADDING_X = 96;

/** The letterhead: logo, date, company, address, project name and location. */
function header({ settings, content }: SentDocument): HTMLElement {
  const info = { fontSize: `${settings.headerInfoFontSize}pt` };
  const inner = settings.pageWidth - PAGE_PADDING_X;
  // Percentages of the letterhead's width: the same place as on paper at full width, scaled on a phone.
  const percent = (px: number) => `${((px / inner) * 100).toFixed(3)}%`;
  const logo =
    settings.logo &&
    el(
      "div",
      { class: "proposal-logo", style: { paddingBottom: `${Math.max(0, settings.logoY)}px` } },
      el("img", {
        src: settings.logo,
        alt: `${content.companyName || "Company"} logo`,
        style: { width: percent(settings.logoSize), left: percent(settings.logoX), top: `${settings.logoY}px` },
      }),
    );
  const field = (label: string, value: string) =>
    el("p", {}, el("span", { class: "proposal-field-label" }, label), ` ${value}`);
  return el(
    "header",
    { class: "proposal-header" },
    logo,
    el("p", { style: info }, content.currentDate),
    el("p", { class: "proposal-company", style: { fontSize: `${settings.headerFontSize}pt` } }, content.companyName),
    el("p", { style: info }, content.companyAddress),
    el(
      "div",
      { class: "proposal-project", style: info },
      field("Project Name:", content.projectName),
      field("Project Location:", content.projectLocation),
    ),
  );
}

/** The Base Bid Amount box with its turnkey breakdown, and until when the bid can be signed. */
function bidBox({ settings, content }: SentDocument, expiresOn: string): HTMLElement {
  return el(
    "section",
    { class: "proposal-bid", "aria-label": "Base bid amount" },
    el("p", { class: "proposal-bid-label" }, "Base Bid Amount"),
    el("p", { class: "proposal-bid-amount", style: { fontSize: `${settings.bidFontSize}pt` } }, content.baseBidAmount),
    el("p", { class: "proposal-bid-turnkey" }, "Turnkey price, including:"),
    el(
      "dl",
      { class: "proposal-bid-breakdown" },
      ...BID_BREAKDOWN.map(({ field, label }) => el("div", {}, el("dt", {}, label), el("dd", {}, content[field]))),
    ),
    el("p", { class: "bid-valid-until" }, t().validUntil(longDay(expiresOn, t().locale))),
  );
}

/** The whole printable page: letterhead, bid box and body, in the document's face, sizes and accent. */
export function renderDocument(sent: SentDocument, expiresOn: string): HTMLElement {
  const { settings } = sent;
  const page = el(
    "article",
    {
      class: "proposal-page bid-document",
      "aria-label": "Proposal document",
      style: {
        width: `${settings.pageWidth}px`,
        fontFamily: PROPOSAL_FONT_STACKS[settings.fontFamily],
        fontSize: `${settings.bodyFontSize}pt`,
        lineHeight: String(settings.lineHeight),
      },
    },
    header(sent),
    bidBox(sent, expiresOn),
  );
  page.style.setProperty("--pe-accent", settings.accentColor);
  // Printed from the browser, a wider page is scaled to letter paper as the editor's print does.
  page.style.setProperty("--pe-print-zoom", String(Math.min(1, PRINTABLE_WIDTH_PX / settings.pageWidth)));
  const body = el("div", { class: "proposal-body" });
  body.appendChild(renderBody(sent.body));
  page.appendChild(body);
  return page;
}
