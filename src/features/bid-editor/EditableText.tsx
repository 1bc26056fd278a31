import { useStore } from "@nanostores/react";
import { useLayoutEffect, useRef, type KeyboardEvent } from "react";
import { cn } from "~/lib/cn";
import { BID_LIMITS } from "~/schemas/bid-fields";
import type { DocumentContent } from "~/schemas/proposal-document";
import { oneLine } from "~/schemas/single-line";
import { $content, setContentField } from "./store";

export interface EditableTextProps {
  field: keyof DocumentContent;
  /** Accessible name, also shown as a hint while the field is empty. */
  label: string;
  className?: string;
}

/** Single-line fields: Enter would only add a stray line break to a header value. */
const noNewline = (event: KeyboardEvent) => event.key === "Enter" && event.preventDefault();

/**
 * One header value of the document, edited in place as plain text and bound to the same store
 * value as the side panel's field. The DOM is only rewritten when the store holds something else
 * (an edit in the side panel, a loaded template), so the caret stays put while typing here.
 */
export function EditableText({ field, label, className }: EditableTextProps) {
  const value = useStore($content)[field];
  const ref = useRef<HTMLSpanElement>(null);

  useLayoutEffect(() => {
    if (ref.current && ref.current.textContent !== value) ref.current.textContent = value;
  }, [value]);

  return (
    <span
      ref={ref}
      contentEditable="plaintext-only"
      suppressContentEditableWarning
      role="textbox"
      aria-label={label}
      data-placeholder={label}
      spellCheck
      // A paste keeps one line and the length a sent bid allows (the store's value then rewrites the field).
      onInput={(event) =>
        setContentField(field, oneLine(event.currentTarget.textContent ?? "").slice(0, BID_LIMITS.headerField))
      }
      onKeyDown={noNewline}
      className={cn("proposal-editable", className)}
    />
  );
}
