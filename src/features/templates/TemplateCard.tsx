import { lazy, useState } from "react";
import { Button } from "~/components/ui/button";
import { DeferredDialog } from "~/components/ui/deferred-dialog";
import { Icon } from "~/components/ui/icon";
import { Tooltip } from "~/components/ui/tooltip";
import { cn } from "~/lib/cn";
import { CATEGORY_LOOK, formatCreated } from "./templates";
import { openHistory } from "./keep-store";
import { openEdit, type ListedTemplate } from "./store";

// The confirmation's code (Radix Dialog) loads the first time one opens.
const DeleteTemplateDialog = lazy(() =>
  import("./DeleteTemplateDialog").then((m) => ({ default: m.DeleteTemplateDialog })),
);

/** One template: category icon and colour, title, description, created date, edit and delete. */
export function TemplateCard({ template }: { template: ListedTemplate }) {
  const look = CATEGORY_LOOK[template.category];
  const [confirming, setConfirming] = useState(false);

  return (
    <li
      data-category={template.category}
      className="flex flex-col gap-3 rounded-lg border border-navy-100 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <span className={cn("grid size-10 shrink-0 place-items-center rounded-md", look.className)} title={look.label}>
          <Icon name={look.icon} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-bold wrap-anywhere text-navy-950">{template.title}</h3>
          <p className={cn("mt-0.5 inline-block rounded px-1.5 text-xs font-semibold", look.className)}>{look.label}</p>
        </div>
        <div className="flex gap-1">
          <Tooltip label="Edit">
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Edit ${template.title}`}
              onClick={() => void openEdit(template)}
            >
              <Icon name="pencil" />
            </Button>
          </Tooltip>
          <Tooltip label="History">
            <Button
              variant="ghost"
              size="icon"
              aria-label={`History of ${template.title}`}
              onClick={() => openHistory(template)}
            >
              <Icon name="rotate-ccw" />
            </Button>
          </Tooltip>
          <Tooltip label="Delete">
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${template.title}`}
              onClick={() => setConfirming(true)}
              className="text-red-700 hover:bg-red-50"
            >
              <Icon name="trash" />
            </Button>
          </Tooltip>
        </div>
      </div>
      {template.description && <p className="text-sm wrap-anywhere text-navy-700">{template.description}</p>}
      <p className="mt-auto text-xs text-navy-600">
        Created <time dateTime={template.createdAt}>{formatCreated(template.createdAt)}</time>
      </p>
      <DeferredDialog open={confirming}>
        <DeleteTemplateDialog template={template} open={confirming} onOpenChange={setConfirming} />
      </DeferredDialog>
    </li>
  );
}
