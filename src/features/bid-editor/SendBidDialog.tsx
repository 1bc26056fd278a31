import { useStore } from "@nanostores/react";
import { useState, type SubmitEvent } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { fieldClass, Input, Textarea } from "~/components/ui/input";
import { expiryChoice } from "~/lib/bid-days";
import { BID_LANGUAGES, BID_LIMITS, LANGUAGE_NAMES, type BidLanguage } from "~/schemas/bid-fields";
import {
  $sendErrors,
  $sendForm,
  $sending,
  addSigner,
  removeSigner,
  sendProposal,
  setSendField,
  setSendOpen,
  setSignerField,
} from "./send-store";
import { $bidId, $sendOpen } from "./store";

/**
 * Send to client: who signs (one, or both spouses), an optional message and the last day to sign. A proposal
 * sent before from this editor is replaced: its old links then say so.
 */
export function SendBidDialog() {
  const open = useStore($sendOpen);
  const form = useStore($sendForm);
  const errors = useStore($sendErrors);
  const sending = useStore($sending);
  const resend = useStore($bidId) !== null;
  // The bounds are read when the dialog mounts; a dialog left open past midnight is checked again on send.
  const [bounds] = useState(() => expiryChoice(new Date()));

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void sendProposal();
  };

  return (
    <Dialog open={open} onOpenChange={setSendOpen}>
      <DialogContent
        title="Send to client"
        description={
          resend
            ? "Sends this proposal again: the link sent before stops working and each signer gets a new one."
            : "Each signer gets a personal link by e-mail to read, sign or decline the proposal."
        }
      >
        <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
          {form.signers.map((signer, index) => (
            <fieldset
              key={index}
              className="grid grid-cols-1 gap-3 rounded-md border border-navy-100 p-3 sm:grid-cols-2"
            >
              <legend className="flex items-center gap-2 px-1 text-sm font-bold text-navy-900">
                {form.signers.length > 1 ? `Signer ${index + 1}` : "Signer"}
              </legend>
              <Field label="Full name" error={errors[`signers.${index}.name`]}>
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="off"
                    maxLength={BID_LIMITS.signerName}
                    value={signer.name}
                    onChange={(event) => setSignerField(index, "name", event.target.value)}
                  />
                )}
              </Field>
              <Field label="E-mail" error={errors[`signers.${index}.email`]}>
                {(control) => (
                  <Input
                    {...control}
                    type="email"
                    autoComplete="off"
                    maxLength={BID_LIMITS.email}
                    value={signer.email}
                    onChange={(event) => setSignerField(index, "email", event.target.value)}
                  />
                )}
              </Field>
              <Field label="Language">
                {(control) => (
                  <select
                    {...control}
                    value={signer.language ?? "en"}
                    onChange={(event) => setSignerField(index, "language", event.target.value as BidLanguage)}
                    className={`${fieldClass} h-10`}
                  >
                    {BID_LANGUAGES.map((language) => (
                      <option key={language} value={language} lang={language}>
                        {LANGUAGE_NAMES[language]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {form.signers.length > BID_LIMITS.signers.min && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="justify-self-start sm:col-span-2"
                  onClick={() => removeSigner(index)}
                >
                  <Icon name="x" /> Remove signer {index + 1}
                </Button>
              )}
            </fieldset>
          ))}
          {form.signers.length < BID_LIMITS.signers.max && (
            <Button variant="outline" size="sm" className="justify-self-start" onClick={addSigner}>
              <Icon name="plus" /> Add a second signer
            </Button>
          )}
          <Field label="Message" hint="(optional)" error={errors.message}>
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                maxLength={BID_LIMITS.message}
                value={form.message}
                onChange={(event) => setSendField("message", event.target.value)}
              />
            )}
          </Field>
          <Field
            label="Open until"
            description="The last day the proposal can be signed (through 11:59 p.m. in Houston)."
            error={errors.expiresOn}
          >
            {(control) => (
              <Input
                {...control}
                type="date"
                required
                min={bounds.min}
                max={bounds.max}
                value={form.expiresOn}
                onChange={(event) => setSendField("expiresOn", event.target.value)}
                className="sm:max-w-48"
              />
            )}
          </Field>
          {errors.document && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              {errors.document} It is in the proposal: change it in the editor, then send.
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="accent" disabled={sending}>
              <Icon name="send" /> {sending ? "Sending..." : "Send"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
