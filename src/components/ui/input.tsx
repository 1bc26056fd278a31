import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** Shared look of text fields. */
export const fieldClass =
  "w-full rounded-md border border-navy-200 bg-white px-3 py-2 text-sm text-navy-950 placeholder:text-navy-300 focus-visible:border-gold-500 focus-visible:outline-2 focus-visible:outline-gold-500/40 aria-invalid:border-red-700 disabled:opacity-60";

/** A text input. */
export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input data-slot="input" className={cn(fieldClass, "h-10", className)} {...props} />;
}

/** A multi-line text field. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" className={cn(fieldClass, "min-h-24", className)} {...props} />;
}

/** A field label. */
export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label data-slot="label" className={cn("text-sm font-semibold text-navy-900", className)} {...props} />;
}
