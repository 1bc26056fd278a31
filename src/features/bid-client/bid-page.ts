/**
 * The client's signing page: opens the bid named by the link's fragment and draws the screen its state
 * calls for (docs/bids.md#signing). Screen 1 (read, download, decline) and the end states live here; the
 * consent, code and signature steps in signing-steps.ts.
 */
import type { BidView } from "~/schemas/bids";
import { postForPdf, postJson, saveBlob } from "./bid-api";
import { showFailure, type BidContext } from "./context";
import { renderDocument } from "./document-render";
import { byId, fill } from "./dom";
import { longDay } from "./format";
import { watchPrintable } from "./printable-field";
import { announce, busy, showNotice, showScreen, signerItems } from "./screens";
import { takeSecret } from "./secret";
import { attachSigningSteps, startSigning } from "./signing-steps";
import { doneText, INVALID_LINK, placeFor, signerProgress } from "./status";

/** Waits between the done screen's checks for the sealed PDF, in seconds: about a minute in all. */
const SEAL_POLL_SECONDS = [2, 4, 8, 16, 30];

/** The signers' list of a view. */
const progress = (view: BidView) =>
  signerItems(
    view.signers.map((s) => ({
      name: s.name,
      state: s.signed ? "signed" : s.declined ? "declined" : "waiting",
      label: signerProgress(s),
    })),
  );

function renderRead(view: BidView): void {
  const { content } = view.document;
  fill(byId("bid-read-heading"), content.projectName ? `Proposal for ${content.projectName}` : "Your proposal");
  fill(byId("bid-from"), `From ${view.sender}, ${content.companyName}. Sent ${longDay(view.sentAt.slice(0, 10))}.`);
  byId("bid-message-box").hidden = !view.message.trim();
  fill(byId("bid-message-caption"), `Message from ${view.sender}`);
  fill(byId("bid-message"), view.message);
  fill(byId("bid-signers"), ...progress(view));
  fill(byId("bid-document"), renderDocument(view.document, view.expiresOn));
}

function renderDone(view: BidView): void {
  const { heading, text } = doneText(view);
  fill(byId("bid-done-heading"), heading);
  fill(byId("bid-done-text"), text);
  fill(byId("bid-done-signers"), ...progress(view));
  fill(byId("bid-done-download"), view.sealed ? "Download the signed PDF" : "Download PDF");
}

/** Checks a few times, further apart each time, whether the signed PDF is ready, and then offers it. */
async function pollSealed(context: BidContext): Promise<void> {
  for (const seconds of SEAL_POLL_SECONDS) {
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const result = await postJson<BidView>("open", { secret: context.secret });
    if (!result.ok) return;
    context.view = result.value;
    if (result.value.sealed) {
      renderDone(result.value);
      announce("The signed PDF is ready to download.");
      return;
    }
  }
}

function render(context: BidContext, view: BidView): void {
  context.view = view;
  const place = placeFor(view);
  if (place.screen === "notice") return showNotice(place.notice);
  if (place.screen === "done") {
    renderDone(view);
    showScreen("bid-done");
    if (view.status === "accepted" && !view.sealed) void pollSealed(context);
    return;
  }
  renderRead(view);
  showScreen("bid-read");
}

/** The Decline button reveals the optional reason; confirming records the decline and shows its state. */
function attachDecline(context: BidContext): void {
  const toggle = byId<HTMLButtonElement>("bid-decline");
  const form = byId<HTMLFormElement>("bid-decline-form");
  const reason = byId<HTMLTextAreaElement>("bid-decline-reason");
  const setOpen = (open: boolean) => {
    form.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    (open ? reason : toggle).focus();
  };
  toggle.addEventListener("click", () => setOpen(Boolean(form.hidden)));
  byId("bid-decline-cancel").addEventListener("click", () => setOpen(false));
  const printableReason = watchPrintable(reason, "bid-decline-error", "Reason");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!printableReason()) return reason.focus();
    void busy(form.querySelector("button[type=submit]"), async () => {
      const result = await postJson<BidView>("decline", { secret: context.secret, reason: reason.value.trim() });
      if (result.ok) context.render(result.value);
      else showFailure(context, result.failure, "bid-decline-error");
    });
  });
}

/** Every Download PDF button: the sealed file once it exists, else the version as sent. */
function attachDownloads(context: BidContext): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-download]"))
    button.addEventListener("click", () =>
      busy(button, async () => {
        const result = await postForPdf(context.secret);
        if (result.ok) saveBlob(result.value.blob, result.value.name);
        else showFailure(context, result.failure);
      }),
    );
}

/** "Ask for a new bid" on an expired bid: tells the sender, then says so in place of the button. */
function attachRenewal(context: BidContext): void {
  const button = byId<HTMLButtonElement>("bid-renewal");
  button.addEventListener("click", () =>
    busy(button, async () => {
      const result = await postJson<unknown>("renewal", { secret: context.secret });
      if (!result.ok) return showFailure(context, result.failure);
      button.hidden = true;
      const done = byId("bid-renewal-done");
      fill(done, `We asked ${context.view.sender} for a new bid. It will come to you by e-mail.`);
      done.hidden = false;
      // The button that had focus is gone; the confirmation takes it so keyboard users stay in place.
      done.focus();
    }),
  );
}

/** Starts the page: takes the secret out of the address, opens the bid and wires every screen. */
export async function startBidPage(): Promise<void> {
  const secret = takeSecret();
  if (!secret) return showNotice(INVALID_LINK);
  byId("bid-loading").hidden = false;
  const context: BidContext = {
    secret,
    // Set by the first render; every handler that reads it belongs to a screen only a view can show.
    view: undefined as unknown as BidView,
    code: "",
    render: (view) => render(context, view),
    reopen: async () => {
      const result = await postJson<BidView>("open", { secret });
      if (result.ok) return context.render(result.value);
      byId("bid-loading").hidden = true;
      showFailure(undefined, result.failure);
    },
  };
  attachDecline(context);
  attachDownloads(context);
  attachRenewal(context);
  attachSigningSteps(context);
  byId("bid-accept").addEventListener("click", () => startSigning(context));
  for (const back of document.querySelectorAll("[data-back]"))
    back.addEventListener("click", () => showScreen("bid-read"));
  await context.reopen();
}
