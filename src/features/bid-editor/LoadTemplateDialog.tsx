import { useStore } from "@nanostores/react";
import { lazy, Suspense } from "react";
import { $historyOf, closeHistory, openHistory } from "~/features/templates/keep-store";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Icon } from "~/components/ui/icon";
import { formatCreated } from "~/features/templates/templates";
import { cn } from "~/lib/cn";
import type { ProposalTemplateSummary } from "~/schemas/proposal-template";
import { categoryLook } from "./proposal";
import { $loadingId, $loadOpen, $templateSummaries, loadProposalTemplate, reloadTemplates } from "./template-store";

// A template's history loads its code the first time one is opened.
const HistoryDialog = lazy(() =>
  import("~/features/templates/HistoryDialog").then((m) => ({ default: m.HistoryDialog })),
);

/**
 * Load Template: the saved templates, each with its category icon, a Load button and its history, where any
 * version can be read, opened in the editor or restored.
 */
export function LoadTemplateDialog() {
  const open = useStore($loadOpen);
  const history = useStore($historyOf);
  return (
    <>
      {history && (
        <Suspense>
          <HistoryDialog
            openVersion={(version) => {
              closeHistory();
              void loadProposalTemplate(history, version);
            }}
          />
        </Suspense>
      )}
      <LoadDialog open={open} />
    </>
  );
}

function LoadDialog({ open }: { open: boolean }) {
  return (
    <Dialog open={open} onOpenChange={(next) => $loadOpen.set(next)}>
      <DialogContent title="Load Template" description="Replaces the current proposal with a saved one.">
        {/* Mounted only while open, so the list is fetched when first needed. */}
        <TemplateList />
      </DialogContent>
    </Dialog>
  );
}

function TemplateList() {
  const { data: templates, error, loading } = useStore($templateSummaries);

  if (loading || (!templates && !error)) {
    return (
      <p role="status" className="py-6 text-center text-sm text-navy-600">
        Loading templates...
      </p>
    );
  }
  if (error) {
    return (
      <div
        role="alert"
        className="grid grid-cols-1 justify-items-start gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      >
        <p>The templates could not be loaded. ({error.message})</p>
        <Button variant="outline" size="sm" onClick={reloadTemplates}>
          Try again
        </Button>
      </div>
    );
  }
  if (!templates || templates.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-navy-200 py-8 text-center text-sm font-semibold text-navy-600">
        No saved templates
      </p>
    );
  }
  return (
    // The list scrolls past about 240 px (max-h-60) rather than growing the dialog.
    <ul aria-label="Saved templates" className="grid max-h-60 grid-cols-1 gap-2 overflow-y-auto pr-1">
      {templates.map((template) => (
        <TemplateRow key={template.id} template={template} />
      ))}
    </ul>
  );
}

function TemplateRow({ template }: { template: ProposalTemplateSummary }) {
  const look = categoryLook(template.category);
  const loadingId = useStore($loadingId);
  return (
    <li
      data-category={template.category}
      className="flex items-center gap-3 rounded-md border border-navy-100 bg-white p-3"
    >
      <span className={cn("grid size-9 shrink-0 place-items-center rounded-md", look.className)} title={look.label}>
        <Icon name={look.icon} />
        <span className="sr-only">{look.label}</span>
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-navy-950">{template.title}</p>
        {template.description && <p className="truncate text-xs text-navy-700">{template.description}</p>}
        <p className="text-xs text-navy-600">
          Created <time dateTime={template.createdAt}>{formatCreated(template.createdAt)}</time>
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        aria-label={`History of ${template.title}`}
        onClick={() => {
          $loadOpen.set(false);
          openHistory(template);
        }}
      >
        History
      </Button>
      <Button
        size="sm"
        aria-label={`Load ${template.title}`}
        disabled={loadingId !== null}
        onClick={() => void loadProposalTemplate(template)}
      >
        {loadingId === template.id ? "Loading..." : "Load"}
      </Button>
    </li>
  );
}
