/**
 * What the page shows for a view or a refusal: the signing flow, the done screen, or a notice with its
 * words and which actions it offers. Pure, so every state's wording is checked in one table.
 */
import type { BidView } from "~/schemas/bids";
import { formatWait } from "~/lib/retry-after";
import type { Failure } from "./bid-api";
import { longDay } from "./format";

export interface Notice {
  heading: string;
  text: string;
  /** "Ask for a new bid" (expired bids). */
  renewal?: boolean;
  /** "Download PDF" (decided bids). */
  download?: boolean;
  /** The company's phone and e-mail; a staff session sees nothing but the explanation. */
  contact: boolean;
}

/** Where a view sends the page. */
export type Place = { screen: "read" } | { screen: "done" } | { screen: "notice"; notice: Notice };

const notice = (n: Notice): Place => ({ screen: "notice", notice: n });

/** The screen for a view, by the status's precedence (docs/bids.md#status) and this signer's own answer. */
export function placeFor(view: BidView): Place {
  if (view.status === "withdrawn")
    return notice({
      heading: "This bid was withdrawn",
      text: `${view.sender} withdrew this proposal, so it can no longer be signed. Call or e-mail us with any questions.`,
      contact: true,
    });
  if (view.status === "replaced")
    return notice({
      heading: "This bid was replaced",
      text: "This bid was replaced by a newer one; use the link in the newest e-mail.",
      contact: true,
    });
  if (view.status === "declined") {
    const who = view.signer.declinedAt ? "You" : (view.signers.find((s) => s.declined)?.name ?? "A signer");
    return notice({
      heading: view.signer.declinedAt ? "You declined this bid" : "This bid was declined",
      text: `${who} declined this proposal. ${view.sender} has been told.`,
      download: true,
      contact: true,
    });
  }
  if (view.signer.signedAt || view.status === "accepted") return { screen: "done" };
  if (view.status === "expired")
    return notice({
      heading: `This bid expired on ${longDay(view.expiresOn)}`,
      text: `It can no longer be signed. Ask ${view.sender} for a new bid and it will come by e-mail.`,
      renewal: true,
      contact: true,
    });
  return { screen: "read" };
}

/** The notice for a refusal that ends the visit, or undefined when the current screen should show the error. */
export function failureNotice(failure: Failure): Notice | undefined {
  if (failure.code === "staff_cannot_sign")
    return {
      heading: "Staff cannot sign as the client",
      text: "You are signed in to the staff portal in this browser. Staff cannot view or sign a client's bid as the client; open the proposal from the Proposals screen instead.",
      contact: false,
    };
  if (failure.code === "not_found") return INVALID_LINK;
  if (failure.status === 429)
    return {
      heading: "Too many attempts",
      text: `Too many attempts, try again ${formatWait(failure.retryAfter)}.`,
      contact: true,
    };
}

/** A link whose secret is missing, malformed or unknown. */
export const INVALID_LINK: Notice = {
  heading: "This link is not valid",
  text: "Check that you opened the whole link from the e-mail. If it still does not work, call or e-mail us and we will send a new one.",
  contact: true,
};

/** Who has signed, for the progress list: "Signed", "Declined" or "Not signed yet". */
export function signerProgress(signer: BidView["signers"][number]): string {
  if (signer.signed) return "Signed";
  if (signer.declined) return "Declined";
  return "Not signed yet";
}

/** The done screen's words: everyone signed (sealed or being sealed), or this signer waits for the others. */
export function doneText(view: BidView): { heading: string; text: string } {
  const waiting = view.signers.filter((s) => !s.signed).map((s) => s.name);
  if (view.status !== "accepted" && waiting.length)
    return {
      heading: "You signed",
      text: `Thank you. The bid is complete when ${waiting.join(" and ")} also signs; everyone then receives the signed PDF by e-mail.`,
    };
  return {
    heading: "Signed",
    text: view.sealed
      ? "Every signer has signed. Download the signed PDF below; it has also been e-mailed to you."
      : "Every signer has signed. The signed PDF is being prepared; it will be offered here and e-mailed to you.",
  };
}
