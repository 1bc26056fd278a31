/**
 * Accept and sign, screens 2 and 3: consent to the E-SIGN disclosure, the e-mailed code, then the typed
 * name, an optional drawing and the acceptance. The code is checked when the signature is sent; a wrong
 * one brings the signer back to the code with the API's words.
 */
import type { BidView } from "~/schemas/bids";
import { BID_CODE } from "~/schemas/bid-fields";
import { postJson } from "./bid-api";
import { codeError, normaliseCode } from "./code-input";
import { showFailure, type BidContext } from "./context";
import { byId, el, fill } from "./dom";
import { watchPrintable } from "./printable-field";
import { announce, busy, showError, showScreen } from "./screens";
import { attachSignaturePad, type SignaturePad } from "./signature-pad";

const codeInput = () => byId<HTMLInputElement>("bid-code");

/** Screen 2 from the start: the disclosure the API sent, the checkbox cleared, no code asked yet. */
export function startSigning(context: BidContext): void {
  const { consent } = context.view;
  fill(byId("bid-consent-text"), ...consent.paragraphs.map((text) => el("p", {}, text)));
  byId<HTMLInputElement>("bid-consent-check").checked = false;
  byId("bid-consent-form").hidden = false;
  byId("bid-code-form").hidden = true;
  showError("bid-consent-error", undefined);
  showScreen("bid-consent");
}

/** POST /api/bids/code: records the consent to exactly the disclosure shown and e-mails a code. */
async function requestCode(context: BidContext, errorId: string): Promise<boolean> {
  const result = await postJson<BidView>("code", {
    secret: context.secret,
    consent: true,
    consentHash: context.view.consent.hash,
  });
  if (!result.ok) {
    showFailure(context, result.failure, errorId);
    return false;
  }
  context.view = result.value;
  fill(
    byId("bid-code-sent"),
    `We e-mailed a ${BID_CODE.digits}-digit code to ${result.value.signer.email}. It works for ${BID_CODE.ttlMinutes} minutes.`,
  );
  return true;
}

/** Shows the code step (the consent is given by then) with `message` (a wrong code's), the cursor in the field. */
function showCodeStep(message?: string): void {
  byId("bid-consent-form").hidden = true;
  byId("bid-code-form").hidden = false;
  showScreen("bid-consent", codeInput());
  showError("bid-code-error", message, codeInput());
  if (message) codeInput().select();
}

function attachConsent(context: BidContext): void {
  const form = byId<HTMLFormElement>("bid-consent-form");
  const check = byId<HTMLInputElement>("bid-consent-check");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!check.checked) {
      showError("bid-consent-error", "Tick the box to agree to sign electronically.", check);
      return check.focus();
    }
    showError("bid-consent-error", undefined, check);
    void busy(form.querySelector("button[type=submit]"), async () => {
      if (!(await requestCode(context, "bid-consent-error"))) return;
      codeInput().value = "";
      showCodeStep();
      announce("Code sent. Check your e-mail.");
    });
  });
  const resend = byId<HTMLButtonElement>("bid-code-resend");
  resend.addEventListener("click", () =>
    busy(resend, async () => {
      if (!(await requestCode(context, "bid-code-error"))) return;
      showError("bid-code-error", undefined, codeInput());
      announce("We sent a new code. Check your e-mail.");
      codeInput().focus();
    }),
  );
}

function attachCode(context: BidContext, pad: () => SignaturePad): void {
  byId<HTMLFormElement>("bid-code-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const error = codeError(codeInput().value);
    showError("bid-code-error", error, codeInput());
    if (error) return codeInput().focus();
    context.code = normaliseCode(codeInput().value);
    const { view } = context;
    const name = byId<HTMLInputElement>("bid-name");
    if (!name.value) name.value = view.signer.name;
    const { projectName, baseBidAmount } = view.document.content;
    fill(byId("bid-sign-summary"), `You are signing the proposal for ${projectName}, base bid ${baseBidAmount}.`);
    showScreen("bid-sign");
    pad();
  });
}

function attachSign(context: BidContext, pad: () => SignaturePad): void {
  const form = byId<HTMLFormElement>("bid-sign-form");
  const name = byId<HTMLInputElement>("bid-name");
  const printableName = watchPrintable(name, "bid-name-error", "Your full name");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = name.value.trim();
    showError("bid-name-error", typed ? undefined : "Type your full name to sign.", name);
    if (!typed || !printableName()) return name.focus();
    void busy(form.querySelector("button[type=submit]"), async () => {
      const result = await postJson<BidView>("sign", {
        secret: context.secret,
        code: context.code,
        name: typed,
        drawing: pad().drawing(),
        consentHash: context.view.consent.hash,
        accept: true,
      });
      if (result.ok) return context.render(result.value);
      if (result.failure.code === "invalid_code") return showCodeStep(result.failure.error);
      showFailure(context, result.failure, "bid-sign-error");
    });
  });
}

/** Wires screens 2 and 3 once; the drawing pad starts the first time screen 3 is shown (it needs its size). */
export function attachSigningSteps(context: BidContext): void {
  let signaturePad: SignaturePad | undefined;
  const pad = () => (signaturePad ??= attachSignaturePad(byId<HTMLCanvasElement>("bid-pad")));
  byId("bid-pad-clear").addEventListener("click", () => pad().clear());
  attachConsent(context);
  attachCode(context, pad);
  attachSign(context, pad);
}
