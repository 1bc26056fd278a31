import { useStore } from "@nanostores/react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SIGNATURE_FIELDS, type SignatureField, SIGNATURE_FIELD_MAX } from "~/schemas/signature";
import { Panel } from "./Panel";
import { $formData, setContactField } from "./store";

const LABELS: Record<SignatureField, { label: string; type: "text" | "tel" | "email" }> = {
  name: { label: "Name", type: "text" },
  title: { label: "Title", type: "text" },
  phone: { label: "Phone", type: "tel" },
  email: { label: "Email", type: "email" },
  location: { label: "Location", type: "text" },
  quote: { label: "Quote", type: "text" },
};

/** 'Contact Information': the six fields the lines are written from; editing any rewrites all five lines. */
export function ContactInformation() {
  const formData = useStore($formData);
  return (
    <Panel title="Contact Information">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {SIGNATURE_FIELDS.map((field) => (
          <Field key={field} label={LABELS[field].label} className={field === "quote" ? "sm:col-span-2" : undefined}>
            {(control) => (
              <Input
                {...control}
                name={field}
                type={LABELS[field].type}
                autoComplete="off"
                maxLength={SIGNATURE_FIELD_MAX}
                value={formData[field]}
                onChange={(event) => setContactField(field, event.target.value)}
              />
            )}
          </Field>
        ))}
      </div>
    </Panel>
  );
}
