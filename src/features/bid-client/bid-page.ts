/**
 * The client's signing page: opens the bid named by the link's fragment and draws the screen its state
 * calls for (docs/bids.md#signing). Screen 1 (read, download, decline) and the end states live here; the
 * consent, code and signature steps in signing-steps.ts.
 */
import type { BidView } from "~/schemas/bids";
import { postForPdf, postJson, saveBlob } from "./signing-api";
import { showFailure, type BidContext } from "./context";
import { renderDocument } from "./document-render";
import { byId, fill } from "./dom";
import { longDay } from "./format";
import { watchPrintable } from "./printable-field";
import { announce, busy, showError, showNotice, showScreen, signerItems } from "./screens";
import { takeSecret } from "./secret";
import { codeError, normaliseCode } from "./code-input";
import { t } from "./language";
import { attachSigningSteps, checkCode } from "./signing-steps";
import { doneText, invalidLink, placeFor, signerProgress } from "./status";

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
  const words = t();
  fill(byId("bid-read-heading"), content.projectName ? words.proposalFor(content.projectName) : words.yourProposal);
  fill(byId("bid-from"), words.from(view.sender, content.companyName, longDay(view.sentAt.slice(0, 10), words.locale)));
  byId("bid-message-box").hidden = !view.message.trim();
  fill(byId("bid-message-caption"), words.messageFrom(view.sender));
  fill(byId("bid-message"), view.message);
  fill(byId("bid-signers"), ...progress(view));
  fill(byId("bid-document"), renderDocument(view.document, view.expiresOn));
}

function renderDone(view: BidView): void {
  const { heading, text } = doneText(view);
  fill(byId("bid-done-heading"), heading);
  fill(byId("bid-done-text"), text);
  fill(byId("bid-done-signers"), ...progress(view));
  fill(byId("bid-done-download"), view.sealed ? t().downloadSigned : t().download);
}

/** Checks a few times, further apart each time, whether the signed PDF is ready, and then offers it. */
async function pollSealed(context: BidContext): Promise<void> {
  for (const seconds of SEAL_POLL_SECONDS) {
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const result = await postJson("open", { secret: context.secret, language: t().lang });
    if (!result.ok) return;
    context.view = result.value;
    if (result.value.sealed) {
      renderDone(result.value);
      announce(t().sealedReady);
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

/**
 * The Decline button reveals the optional reason; a decline takes the e-mailed code like a signature (a forwarded
 * link alone cannot decline): the first press e-mails a code, the second checks it and records the decline.
 */
function attachDecline(context: BidContext): void {
  const toggle = byId<HTMLButtonElement>("bid-decline");
  const form = byId<HTMLFormElement>("bid-decline-form");
  const reason = byId<HTMLTextAreaElement>("bid-decline-reason");
  const codeBox = byId("bid-decline-code-box");
  const code = byId<HTMLInputElement>("bid-decline-code");
  const submit = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  const setOpen = (open: boolean) => {
    form.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    (open ? reason : toggle).focus();
  };
  toggle.addEventListener("click", () => setOpen(Boolean(form.hidden)));
  byId("bid-decline-cancel").addEventListener("click", () => setOpen(false));
  const printableReason = watchPrintable(reason, "bid-decline-error");
  const askCode = async () => {
    const result = await postJson("decline-code", { secret: context.secret });
    if (!result.ok) return showFailure(context, result.failure, "bid-decline-error");
    fill(byId("bid-decline-code-sent"), t().declineCodeSent(result.value.signer.email));
    codeBox.hidden = false;
    fill(submit, t().declineConfirm);
    code.focus();
  };
  const decline = async () => {
    const error = codeError(code.value);
    showError("bid-decline-error", error, code);
    if (error) return code.focus();
    const typed = normaliseCode(code.value);
    if (!(await checkCode(context, typed, "bid-decline-error", code))) return;
    const body = { secret: context.secret, reason: reason.value.trim(), code: typed };
    const result = await postJson("decline", body);
    if (result.ok) context.render(result.value);
    else showFailure(context, result.failure, "bid-decline-error");
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!printableReason()) return reason.focus();
    void busy(submit, codeBox.hidden ? askCode : decline);
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
      const result = await postJson("renewal", { secret: context.secret });
      if (!result.ok) return showFailure(context, result.failure);
      button.hidden = true;
      const done = byId("bid-renewal-done");
      fill(done, t().renewalAsked(context.view.sender));
      done.hidden = false;
      // The button that had focus is gone; the confirmation takes it so keyboard users stay in place.
      done.focus();
    }),
  );
}

/** Starts the page: takes the secret out of the address, opens the bid and wires every screen. */
export async function startBidPage(): Promise<void> {
  const secret = takeSecret();
  if (!secret) return showNotice(invalidLink());
  byId("bid-loading").hidden = false;
  const context: BidContext = {
    secret,
    // Set by the first render; every handler that reads it belongs to a screen only a view can show.
    view: undefined as unknown as BidView,
    code: "",
    render: (view) => render(context, view),
    reopen: async () => {
      const result = await postJson("open", { secret, language: t().lang });
      if (result.ok) return context.render(result.value);
      byId("bid-loading").hidden = true;
      showFailure(undefined, result.failure);
    },
  };
  attachDecline(context);
  attachDownloads(context);
  attachRenewal(context);
  const startSigning = attachSigningSteps(context);
  byId("bid-accept").addEventListener("click", startSigning);
  for (const back of document.querySelectorAll("[data-back]"))
    back.addEventListener("click", () => showScreen("bid-read"));
  await context.reopen();
}
