/**
 * Send to client: the dialog's form (one or two signers, a message, the expiry day), its field errors, and
 * the send itself, which freezes the editor's document as the contract's SentDocument. Loaded with the
 * dialog, so zod, the body tree and the logo drawing are not part of the editor's first load.
 */
import { atom } from "nanostores";
import { api, ApiError, read } from "~/lib/api-client";
import { signerNames } from "~/features/sent-bids/bids";
import { expiryChoice, expiryProblem } from "~/lib/bid-days";
import { failureToast } from "~/portal/use-action";
import { toast } from "~/lib/toast";
import { BID_LIMITS, type BidLanguage } from "~/schemas/bid-fields";
import { bidSendSchema, bidSignerInputSchema, type BidSend, type SentDocument } from "~/schemas/bids";
import { firstUnprintable, UNPRINTABLE_CODE, unprintableIssue, unprintableMessage } from "~/schemas/printable";
import { bodyTree } from "./body-tree";
import { inlineLogo } from "./logo-inline";
import { proposalMessages, proposalSent } from "./messages";
import { $bidId, $leadId, $sendOpen, currentDocument } from "./store";

export interface SignerDraft {
  name: string;
  email: string;
  /** The language of the signer's e-mails, page and certificate; English unless chosen. */
  language?: BidLanguage;
}

export interface SendForm {
  signers: SignerDraft[];
  message: string;
  expiresOn: string;
}

/** The request paths the dialog has a field for. */
const FORM_PATH = /^(?:signers\.\d\.(?:name|email|language)|message|expiresOn)$/;

const emptySigner = (): SignerDraft => ({ name: "", email: "" });
const freshForm = (): SendForm => ({
  signers: [emptySigner()],
  message: "",
  expiresOn: expiryChoice(new Date()).value,
});

export const $sendForm = atom<SendForm>(freshForm());
/**
 * Field errors by the request's path ("signers.0.email", "expiresOn"), from the browser's check or the API's;
 * `document` for the proposal itself (a character in it the signed PDF cannot print).
 */
export const $sendErrors = atom<Record<string, string>>({});
export const $sending = atom(false);

/** Opens or closes the dialog; a closed dialog forgets its errors, and a sent one its form. */
export function setSendOpen(open: boolean): void {
  $sendOpen.set(open);
  if (!open) $sendErrors.set({});
}

/** The fields whose characters must print in the signed PDF, checked as they are typed, by their labels. */
const PRINTED_LABELS = { name: "Signer name", message: "Message" } as const;

/** Changes one signer's name or e-mail; the field's error clears, or names a character the PDF cannot print. */
export function setSignerField(index: number, key: keyof SignerDraft, value: string): void {
  const form = $sendForm.get();
  $sendForm.set({ ...form, signers: form.signers.map((s, i) => (i === index ? { ...s, [key]: value } : s)) });
  clearError(`signers.${index}.${key}`);
  if (key === "name") flagUnprintable(`signers.${index}.name`, PRINTED_LABELS.name, value);
}

/** Changes the message or the expiry day. */
export function setSendField(key: "message" | "expiresOn", value: string): void {
  $sendForm.set({ ...$sendForm.get(), [key]: value });
  clearError(key);
  if (key === "message") flagUnprintable(key, PRINTED_LABELS.message, value);
}

/** Shows at once, on the field being typed in, a character the signed PDF cannot print. */
function flagUnprintable(path: string, label: string, value: string): void {
  const char = firstUnprintable(value);
  if (char !== undefined) $sendErrors.set({ ...$sendErrors.get(), [path]: unprintableMessage(label, char) });
}

/** Adds the second signer (both spouses sign a Texas homestead improvement). */
export function addSigner(): void {
  const form = $sendForm.get();
  if (form.signers.length < BID_LIMITS.signers.max)
    $sendForm.set({ ...form, signers: [...form.signers, emptySigner()] });
}

/** Removes a signer (the errors of the signers are checked again at the next send). */
export function removeSigner(index: number): void {
  const form = $sendForm.get();
  if (form.signers.length <= BID_LIMITS.signers.min) return;
  $sendForm.set({ ...form, signers: form.signers.filter((_, i) => i !== index) });
  $sendErrors.set(
    Object.fromEntries(Object.entries($sendErrors.get()).filter(([path]) => !path.startsWith("signers."))),
  );
}

function clearError(path: string): void {
  const errors = $sendErrors.get();
  if (!(path in errors)) return;
  const { [path]: _, ...rest } = errors;
  $sendErrors.set(rest);
}

/** The field errors of a refused send, by path ("signers.1.email"), from the API's issues (the first of each). */
function issuesByPath(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const fields: Record<string, string> = {};
  for (const issue of error.issues) if (issue.message) fields[issue.path.join(".")] ??= issue.message;
  return fields;
}

/** The form's own problems, by path, before anything is sent. */
export function formErrors(form: SendForm, now: Date): Record<string, string> {
  const errors: Record<string, string> = {};
  form.signers.forEach((signer, index) => {
    const parsed = bidSignerInputSchema.safeParse(signer);
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const path = `signers.${index}.${issue.path.join(".")}`;
      errors[path] ??= issue.message;
    }
  });
  const expiry = expiryProblem(form.expiresOn, now);
  if (expiry) errors.expiresOn = expiry;
  if (form.message.trim().length > BID_LIMITS.message)
    errors.message = `At most ${BID_LIMITS.message.toLocaleString("en-US")} characters`;
  const char = firstUnprintable(form.message);
  if (char !== undefined) errors.message ??= unprintableMessage(PRINTED_LABELS.message, char);
  return errors;
}

/** The editor's document as a sent bid freezes it: settings without the logo's source, the logo inline, the body as a tree. */
export async function sentDocument(): Promise<SentDocument> {
  const { documentSettings, documentContent, editorHTML } = await currentDocument();
  const { logoFile, ...settings } = documentSettings;
  return {
    settings: { ...settings, logo: await inlineLogo(logoFile) },
    content: documentContent,
    body: bodyTree(editorHTML),
  };
}

/**
 * Sends the proposal to the signers (replacing the link this editor sent before, if any). The form's
 * problems show on their fields; the API's field issues too; anything else is a failure toast.
 */
export async function sendProposal(): Promise<void> {
  if ($sending.get()) return;
  const form = $sendForm.get();
  const errors = formErrors(form, new Date());
  $sendErrors.set(errors);
  if (Object.keys(errors).length > 0) return;
  $sending.set(true);
  try {
    const bidId = $bidId.get();
    const leadId = $leadId.get();
    const request: BidSend = {
      ...(bidId ? { bidId } : {}),
      ...(leadId ? { leadId } : {}),
      document: await sentDocument(),
      signers: form.signers.map((s) => ({ name: s.name.trim(), email: s.email.trim(), language: s.language ?? "en" })),
      message: form.message.trim(),
      expiresOn: form.expiresOn,
    };
    const parsed = bidSendSchema.safeParse(request);
    // A character in the proposal the PDF cannot print is the writer's to fix: the dialog names it.
    const unprintable = parsed.success ? undefined : unprintableIssue(parsed.error.issues);
    if (unprintable) return void $sendErrors.set({ document: unprintable.message });
    if (!parsed.success) throw new Error(`The proposal cannot be sent: ${JSON.stringify(parsed.error.issues[0])}`);
    const { bidId: sentAs } = await read(api.portal.bids.$post({ json: parsed.data }));
    $bidId.set(sentAs);
    toast(proposalSent(signerNames(request.signers)));
    $sendForm.set(freshForm());
    setSendOpen(false);
  } catch (error) {
    console.error("Proposal not sent:", error);
    // Issues about what was typed show on their fields; any other refusal (the document, the server) is a toast.
    const fields = Object.fromEntries(Object.entries(issuesByPath(error)).filter(([path]) => FORM_PATH.test(path)));
    if (Object.keys(fields).length === 0 && error instanceof ApiError && error.code === UNPRINTABLE_CODE)
      fields.document = error.serverMessage ?? "";
    $sendErrors.set(fields);
    if (Object.keys(fields).length === 0) toast(failureToast(error, proposalMessages.proposalSendFailed));
  } finally {
    $sending.set(false);
  }
}
