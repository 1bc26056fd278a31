import { useEffect, useRef, useState, type SubmitEvent } from "react";
import { Toaster } from "~/components/ui/toast";
import { toast } from "~/lib/toast";
import {
  CONTACT_FIELD_LABELS,
  CONTACT_FIELD_MAX,
  CONTACT_FIELDS,
  contactResultToast,
  fieldError,
  sendContactMessage,
  toContactPayload,
  visitSource,
  type ContactErrors,
  type ContactFormValues,
  CONTACT_FORM_PATH,
} from "./contact-form";

const TYPES = { fullName: "text", email: "email", phone: "tel", message: "" };
const AUTOCOMPLETE = { fullName: "name", email: "email", phone: "tel", message: "off" };

/** Inline messages for every field, read from the form's controls. */
function check(form: HTMLFormElement): ContactErrors {
  const errors: ContactErrors = {};
  for (const name of CONTACT_FIELDS) {
    const el = form.elements.namedItem(name) as HTMLInputElement;
    const error = fieldError(name, { value: el.value, required: el.required, typeMismatch: el.validity.typeMismatch });
    if (error) errors[name] = error;
  }
  return errors;
}

/**
 * The contact form. Without JavaScript it posts to /api/contact/form; hydrated, it shows inline
 * messages, sends JSON to /api/contact and reports the outcome in a toast. The fields are uncontrolled
 * (read with FormData, cleared with reset()), so text typed before hydration is kept.
 */
export function ContactForm() {
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);
  const attempted = useRef(false);
  const form = useRef<HTMLFormElement>(null);

  // Native bubbles only without JavaScript; hydrated, the inline messages take over.
  useEffect(() => void (form.current!.noValidate = true), []);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    if (sending) return;
    attempted.current = true;
    const found = check(target);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) return (target.elements.namedItem(first) as HTMLElement).focus();
    setSending(true);
    const values = Object.fromEntries(new FormData(target)) as ContactFormValues;
    // Time since the page began loading, not since hydration: text typed before hydration counts too.
    const result = await sendContactMessage({
      ...toContactPayload(values),
      ...visitSource(location, document.referrer),
      fillMs: Math.round(performance.now()),
    });
    toast(contactResultToast(result));
    if (result.ok) {
      target.reset();
      attempted.current = false;
    }
    setSending(false);
  };

  return (
    <>
      <form
        ref={form}
        method="post"
        action={CONTACT_FORM_PATH}
        onSubmit={onSubmit}
        onChange={() => attempted.current && setErrors(check(form.current!))}
        className="relative grid gap-5 sm:grid-cols-2"
      >
        {CONTACT_FIELDS.map((name) => {
          const id = `contact-${name}`;
          const error = errors[name];
          const optional = name === "phone";
          const props = {
            id,
            name,
            required: !optional,
            maxLength: CONTACT_FIELD_MAX[name],
            autoComplete: AUTOCOMPLETE[name],
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error && `${id}-error`,
            className: `mt-1.5 block w-full rounded-md border px-3.5 py-2.5 outline-none focus:ring-2 focus:ring-gold-400 ${error ? "border-red-600" : "border-navy-300"}`,
          };
          return (
            <div key={name} className={name === "email" || optional ? "" : "sm:col-span-2"}>
              <label htmlFor={id} className="text-sm font-semibold text-navy-900">
                {CONTACT_FIELD_LABELS[name]}
                {optional ? (
                  <span className="font-normal text-navy-600"> (optional)</span>
                ) : (
                  <span aria-hidden="true" className="text-red-700">
                    {" "}
                    *
                  </span>
                )}
              </label>
              {TYPES[name] ? <input type={TYPES[name]} {...props} /> : <textarea rows={8} {...props} />}
              {error && (
                <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        {/* Honeypot: off-screen and hidden from assistive tech; people leave it empty, bots fill it. */}
        <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
          <label htmlFor="contact-website">Website</label>
          <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" />
        </div>
        <button
          type="submit"
          disabled={sending}
          className="min-h-12 rounded-md bg-navy-900 px-8 font-bold tracking-widest text-white hover:bg-navy-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-500 disabled:opacity-70 sm:justify-self-start"
        >
          {sending ? "SENDING..." : "SEND MESSAGE"}
        </button>
      </form>
      <Toaster />
    </>
  );
}
