import { useEffect, useRef, useState, type ComponentType, type FormEvent, type ReactNode } from "react";
import { cn } from "~/lib/cn";
import {
  CONTACT_FIELD_LABELS,
  CONTACT_FORM_ACTION,
  EMPTY_CONTACT_FORM,
  sendContactMessage,
  type ContactField,
  type ContactFormValues,
} from "./contact-form";
import type { ContactErrors } from "./contact-validation";

type Validation = typeof import("./contact-validation");
let validation: Promise<Validation> | undefined;
/** zod/mini and the schema arrive once a visitor starts on the form, not with the page. */
const loadValidation = () => (validation ??= import("./contact-validation"));

const inputClass = (invalid: boolean) =>
  cn(
    "mt-1.5 block w-full rounded-md border bg-white px-3.5 py-2.5 text-base text-navy-950 shadow-sm placeholder:text-navy-300",
    "outline-none focus:border-navy-600 focus:ring-2 focus:ring-gold-400",
    invalid ? "border-red-600" : "border-navy-200",
  );

/**
 * The contact form. Without JavaScript it posts to /api/contact/form; hydrated, it validates with the
 * shared schema, sends JSON to /api/contact and reports the outcome in a toast.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const validator = useRef<Validation | null>(null);
  const attempted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => setHydrated(true), []);

  const prepare = () => {
    void loadValidation().then((module) => (validator.current = module));
  };

  const update = (name: keyof ContactFormValues, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (attempted.current && validator.current) {
      const result = validator.current.validateContact(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    attempted.current = true;
    const module = (validator.current = await loadValidation());
    const result = module.validateContact(values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    const ui = import("./contact-toasts");
    const sent = await sendContactMessage(result.message);
    const { Toaster: LoadedToaster, showContactResult } = await ui;
    setToaster(() => LoadedToaster);
    showContactResult(sent);
    if (sent.ok) {
      setValues(EMPTY_CONTACT_FORM);
      attempted.current = false;
    }
    setSending(false);
  };

  const field = (name: ContactField, input: (props: Record<string, unknown>) => ReactNode, optional = false) => {
    const id = `contact-${name}`;
    const error = errors[name];
    return (
      <div className={name === "message" ? "sm:col-span-2" : undefined}>
        <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
          {CONTACT_FIELD_LABELS[name]}
          {optional ? <span className="font-normal text-navy-600"> (optional)</span> : <span aria-hidden="true" className="text-red-700"> *</span>}
        </label>
        {input({
          id,
          name,
          value: values[name],
          required: !optional,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${id}-error` : undefined,
          onChange: (e: { target: { value: string } }) => update(name, e.target.value),
          className: inputClass(Boolean(error)),
        })}
        {error && (
          <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <>
      <form
        ref={formRef}
        method="post"
        action={CONTACT_FORM_ACTION}
        noValidate={hydrated}
        onSubmit={onSubmit}
        onFocus={prepare}
        className="grid gap-5 sm:grid-cols-2"
      >
        {field("fullName", (p) => <input type="text" autoComplete="name" {...p} />)}
        {field("email", (p) => <input type="email" autoComplete="email" inputMode="email" {...p} />)}
        {field("phone", (p) => <input type="tel" autoComplete="tel" {...p} />, true)}
        {field("message", (p) => <textarea rows={8} {...p} />)}
        <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
          <label htmlFor="contact-website">Leave this field empty</label>
          <input
            id="contact-website"
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={(e) => update("website", e.target.value)}
          />
        </div>
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={sending}
            className={cn(
              "inline-flex min-h-12 w-full items-center justify-center rounded-md bg-navy-900 px-8 py-3 text-sm font-bold tracking-[0.15em] text-white shadow-sm sm:w-auto",
              "hover:bg-navy-800 disabled:cursor-wait disabled:opacity-70",
              "outline-none focus-visible:ring-2 focus-visible:ring-gold-500 focus-visible:ring-offset-2",
            )}
          >
            {sending ? "SENDING..." : "SEND MESSAGE"}
          </button>
        </div>
      </form>
      {Toaster && <Toaster />}
    </>
  );
}
