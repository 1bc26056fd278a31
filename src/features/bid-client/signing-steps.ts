/**
 * Accept and sign, screens 2 and 3: consent to the E-SIGN disclosure, the e-mailed code, then the typed
 * name, an optional drawing and the acceptance. The code is checked when it is typed (POST /api/bids/check-code,
 * each check one of the code's tries): a wrong one is refused on the code screen with the tries left, and only a
 * right one opens the signing screen. "I accept" then carries the confirmed code, which costs no further try.
 * Going back to the proposal and on again keeps the typed name and the drawing, and a confirmed code goes
 * straight back to the signing screen.
 */
import type { BidCodeCheckAnswer } from "~/schemas/bids";
import { postJson } from "./signing-api";
import { codeError, normaliseCode } from "./code-input";
import { showFailure, type BidContext } from "./context";
import { byId, el, fill } from "./dom";
import { t } from "./language";
import { watchPrintable } from "./printable-field";
import { announce, busy, showError, showScreen } from "./screens";
import { attachSignaturePad, type SignaturePad } from "./signature-pad";

const codeInput = () => byId<HTMLInputElement>("bid-code");

/** Screen 2 from the start (the disclosure the API sent, the checkbox cleared), or screen 3 with a confirmed code. */
export function startSigning(context: BidContext, pad: () => SignaturePad): void {
  if (context.code) return showSignStep(context, pad);
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
  const result = await postJson("code", {
    secret: context.secret,
    consent: true,
    consentHash: context.view.consent.hash,
  });
  if (!result.ok) {
    showFailure(context, result.failure, errorId);
    return false;
  }
  context.view = result.value;
  context.code = "";
  fill(byId("bid-code-sent"), t().codeSent(result.value.signer.email));
  return true;
}

/** The words for a refused code: why, and the tries left when a wrong code leaves some. */
export function refusedCodeText(answer: BidCodeCheckAnswer): string {
  const words = t();
  const why = words.codeRefused[answer.reason ?? "wrong"];
  return answer.reason === "wrong" && answer.triesLeft > 0 ? `${why} ${words.triesLeft(answer.triesLeft)}` : why;
}

/**
 * POST /api/bids/check-code: true when the code is right (it is then confirmed for the signature or decline);
 * otherwise the refusal is shown in `errorId` beside `field`.
 */
export async function checkCode(context: BidContext, code: string, errorId: string, field: HTMLElement) {
  const result = await postJson("check-code", { secret: context.secret, code });
  if (!result.ok) {
    showFailure(context, result.failure, errorId);
    return false;
  }
  if (result.value.confirmed) return true;
  showError(errorId, refusedCodeText(result.value), field);
  field.focus();
  if (field instanceof HTMLInputElement) field.select();
  return false;
}

/** Shows the code step (the consent is given by then) with `message` (a wrong code's), the cursor in the field. */
function showCodeStep(message?: string): void {
  byId("bid-consent-form").hidden = true;
  byId("bid-code-form").hidden = false;
  showScreen("bid-consent", codeInput());
  showError("bid-code-error", message, codeInput());
  if (message) codeInput().select();
}

/** Screen 3: the name as typed before (or the signer's, the first time), the drawing as left, the summary. */
function showSignStep(context: BidContext, pad: () => SignaturePad): void {
  const { view } = context;
  const name = byId<HTMLInputElement>("bid-name");
  if (!name.value) name.value = view.signer.name;
  const { projectName, baseBidAmount } = view.document.content;
  fill(byId("bid-sign-summary"), t().signSummary(projectName, baseBidAmount));
  showScreen("bid-sign");
  pad();
}

function attachConsent(context: BidContext): void {
  const form = byId<HTMLFormElement>("bid-consent-form");
  const check = byId<HTMLInputElement>("bid-consent-check");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!check.checked) {
      showError("bid-consent-error", t().tickConsent, check);
      return check.focus();
    }
    showError("bid-consent-error", undefined, check);
    void busy(form.querySelector("button[type=submit]"), async () => {
      if (!(await requestCode(context, "bid-consent-error"))) return;
      codeInput().value = "";
      showCodeStep();
      announce(t().codeSentAnnounce);
    });
  });
  const resend = byId<HTMLButtonElement>("bid-code-resend");
  resend.addEventListener("click", () =>
    busy(resend, async () => {
      if (!(await requestCode(context, "bid-code-error"))) return;
      showError("bid-code-error", undefined, codeInput());
      announce(t().newCodeAnnounce);
      codeInput().focus();
    }),
  );
}

function attachCode(context: BidContext, pad: () => SignaturePad): void {
  const form = byId<HTMLFormElement>("bid-code-form");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const error = codeError(codeInput().value);
    showError("bid-code-error", error, codeInput());
    if (error) return codeInput().focus();
    const code = normaliseCode(codeInput().value);
    void busy(form.querySelector("button[type=submit]"), async () => {
      if (!(await checkCode(context, code, "bid-code-error", codeInput()))) return;
      context.code = code;
      showSignStep(context, pad);
      announce(t().codeConfirmed);
    });
  });
}

function attachSign(context: BidContext, pad: () => SignaturePad): void {
  const form = byId<HTMLFormElement>("bid-sign-form");
  const name = byId<HTMLInputElement>("bid-name");
  const printableName = watchPrintable(name, "bid-name-error");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = name.value.trim();
    showError("bid-name-error", typed ? undefined : t().typeName, name);
    if (!typed || !printableName()) return name.focus();
    void busy(form.querySelector("button[type=submit]"), async () => {
      const result = await postJson("sign", {
        secret: context.secret,
        code: context.code,
        name: typed,
        drawing: pad().drawing(),
        consentHash: context.view.consent.hash,
        accept: true,
      });
      if (result.ok) return context.render(result.value);
      if (result.failure.code === "invalid_code") {
        // The confirmation lapsed (a long pause, or a new code asked for elsewhere): the code screen again.
        context.code = "";
        codeInput().value = "";
        return showCodeStep(t().codeAgain);
      }
      showFailure(context, result.failure, "bid-sign-error");
    });
  });
}

/**
 * Wires screens 2 and 3 once, and answers what starts them; the drawing pad starts the first time screen 3 is
 * shown (it needs its size) and keeps its drawing while the signer goes back and forth.
 */
export function attachSigningSteps(context: BidContext): () => void {
  let signaturePad: SignaturePad | undefined;
  const pad = () => (signaturePad ??= attachSignaturePad(byId<HTMLCanvasElement>("bid-pad")));
  byId("bid-pad-clear").addEventListener("click", () => pad().clear());
  attachConsent(context);
  attachCode(context, pad);
  attachSign(context, pad);
  return () => startSigning(context, pad);
}
