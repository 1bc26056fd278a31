/**
 * What the page shows for a view or a refusal: the signing flow, the done screen, or a notice with its
 * words and which actions it offers. Pure, so every state's wording is checked in one table.
 */
import type { BidView } from "~/schemas/bids";
import { formatWait } from "~/lib/retry-after";
import type { Failure } from "./signing-api";
import { longDay } from "./format";
import { t } from "./language";

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
  const words = t();
  if (view.status === "withdrawn")
    return notice({ heading: words.withdrawn.heading, text: words.withdrawn.text(view.sender), contact: true });
  if (view.status === "replaced")
    return notice({ heading: words.replaced.heading, text: words.replaced.text, contact: true });
  if (view.status === "declined") {
    const who = view.signer.declinedAt ? null : (view.signers.find((s) => s.declined)?.name ?? words.aSigner);
    return notice({
      heading: view.signer.declinedAt ? words.youDeclined : words.declinedHeading,
      text: words.declinedText(who, view.sender),
      download: true,
      contact: true,
    });
  }
  if (view.signer.signedAt || view.status === "accepted") return { screen: "done" };
  if (view.status === "expired")
    return notice({
      heading: words.expired.heading(longDay(view.expiresOn, words.locale)),
      text: words.expired.text(view.sender),
      renewal: true,
      contact: true,
    });
  return { screen: "read" };
}

/** The notice for a refusal that ends the visit, or undefined when the current screen should show the error. */
export function failureNotice(failure: Failure): Notice | undefined {
  const words = t();
  if (failure.code === "staff_cannot_sign") return { ...words.staff, contact: false };
  if (failure.code === "not_found") return invalidLink();
  if (failure.status === 429)
    return {
      heading: words.tooMany.heading,
      text: words.tooMany.text(formatWait(failure.retryAfter, t().wait)),
      contact: true,
    };
}

/** A link whose secret is missing, malformed or unknown. */
export const invalidLink = (): Notice => ({ ...t().invalidLink, contact: true });

/** Who has signed, for the progress list: "Signed", "Declined" or "Not signed yet". */
export function signerProgress(signer: BidView["signers"][number]): string {
  const { progress } = t();
  if (signer.signed) return progress.signed;
  if (signer.declined) return progress.declined;
  return progress.waiting;
}

/** The done screen's words: everyone signed (sealed or being sealed), or this signer waits for the others. */
export function doneText(view: BidView): { heading: string; text: string } {
  const { done } = t();
  const waiting = view.signers.filter((s) => !s.signed).map((s) => s.name);
  if (view.status !== "accepted" && waiting.length)
    return { heading: done.youSigned, text: done.waitingFor(waiting.join(` ${t().and} `)) };
  return { heading: done.signed, text: view.sealed ? done.sealed : done.sealing };
}
