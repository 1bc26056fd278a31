import { useStore } from "@nanostores/react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { BID_LIMITS } from "~/schemas/bid-fields";
import type { DocumentContent } from "~/schemas/proposal-document";
import { $content, setContentField } from "./store";

const FIELDS = [
  { field: "companyName", label: "Company name" },
  { field: "companyAddress", label: "Company address" },
  { field: "projectName", label: "Project name" },
  { field: "projectLocation", label: "Project location" },
] as const satisfies readonly { field: keyof DocumentContent; label: string }[];

/** The header fields the document also edits in place; both show the same store values. */
export function ContentTab() {
  const content = useStore($content);
  return (
    <div className="grid grid-cols-1 gap-4">
      {FIELDS.map(({ field, label }) => (
        <Field key={field} label={label}>
          {(control) => (
            <Input
              {...control}
              value={content[field]}
              maxLength={BID_LIMITS.headerField}
              onChange={(event) => setContentField(field, event.target.value)}
            />
          )}
        </Field>
      ))}
      <p className="text-xs text-navy-600">You can also click any of these in the document and type there.</p>
    </div>
  );
}
