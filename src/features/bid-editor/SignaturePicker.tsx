import { useStore } from "@nanostores/react";
import { Field } from "~/components/ui/field";
import { fieldClass } from "~/components/ui/input";
import { SIGNATURE_PICKER } from "./constants";
import { cn } from "~/lib/cn";
import { $logoBusy, $selectedSignature, $signatures, chooseSignatureLogo } from "./logo-store";

/** The company signature template dropdown: company templates, then the user's own. */
export function SignaturePicker() {
  const { groups, loading, failed } = useStore($signatures);
  const selected = useStore($selectedSignature);
  const busy = useStore($logoBusy);
  const status = busy
    ? "Drawing the signature into a logo..."
    : loading
      ? "Loading signature templates..."
      : failed
        ? "Some signature templates could not be loaded."
        : undefined;

  return (
    <Field label="Company signature template" description={status}>
      {(control) => (
        <select
          {...control}
          value={selected}
          onChange={(event) => void chooseSignatureLogo(event.target.value)}
          className={cn(fieldClass, "h-10")}
        >
          <option value="" disabled>
            {SIGNATURE_PICKER.placeholder}
          </option>
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </Field>
  );
}
