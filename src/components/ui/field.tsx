import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "~/lib/cn";
import { Label } from "./input";

/** What a Field hands its control so label, description and error are wired to it. */
interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Shown after the label in a lighter weight, e.g. "(optional)". */
  hint?: ReactNode;
  /** Help text under the control, read out with it. */
  description?: ReactNode;
  /** The field's error; marks the control invalid and is read out with it. */
  error?: string;
  className?: string;
  /** Renders the control with the props that connect it to the label and messages. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with its description and error (the shadcn `field` pattern): the label
 * points at the control, and the control is described by the messages and marked invalid with the error.
 */
export function Field({ label, hint, description, error, className, children }: FieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div data-slot="field" className={cn("grid min-w-0 grid-cols-1 content-start gap-1.5", className)}>
      <Label htmlFor={id}>
        {label}
        {hint && <span className="font-normal text-navy-600"> {hint}</span>}
      </Label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {description && <FieldDescription id={descriptionId}>{description}</FieldDescription>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** Help text under a control. */
function FieldDescription({ className, ...props }: ComponentProps<"p">) {
  return <p data-slot="field-description" className={cn("text-xs text-navy-600", className)} {...props} />;
}

/** A control's error message. */
function FieldError({ className, ...props }: ComponentProps<"p">) {
  return <p data-slot="field-error" className={cn("text-sm font-medium text-red-700", className)} {...props} />;
}
