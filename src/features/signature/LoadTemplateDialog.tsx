import { useStore } from "@nanostores/react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { SignatureTemplateSummary } from "~/schemas/signature";
import { $companyTemplates, $loadOpen, $personalTemplates, reloadTemplates } from "./template-store";
import { TemplateList } from "./TemplateList";

/** 'Load Template': company templates (when any exist) and personal ones. */
export function LoadTemplateDialog() {
  const open = useStore($loadOpen);
  return (
    <Dialog open={open} onOpenChange={$loadOpen.set}>
      <DialogContent
        title="Load Template"
        description="Load a saved signature, or make one the starting point for new signatures."
        className="max-w-2xl"
      >
        {open && <Templates />}
      </DialogContent>
    </Dialog>
  );
}

function Templates() {
  const personal = useStore($personalTemplates);
  const company = useStore($companyTemplates);
  if (personal.error || company.error) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">The templates could not be loaded.</p>
        <p className="mt-1">Check your connection and try again.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={reloadTemplates}>
          Try again
        </Button>
      </div>
    );
  }
  if (!personal.data || !company.data) {
    return (
      <p role="status" className="py-6 text-center text-sm font-semibold text-navy-700">
        Loading templates...
      </p>
    );
  }
  return <SavedTemplates personal={personal.data} company={company.data} />;
}

interface SavedTemplatesProps {
  personal: readonly SignatureTemplateSummary[];
  company: readonly SignatureTemplateSummary[];
}

/** The loaded lists: company templates when any exist and personal ones, or in words that none is saved yet. */
export function SavedTemplates({ personal, company }: SavedTemplatesProps) {
  if (personal.length === 0 && company.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-navy-200 px-4 py-8 text-center text-sm text-navy-600">
        No saved templates. Close this, fill in a signature and choose Save Template: it shows here.
      </p>
    );
  }
  // The caller's own templates are in the personal list, company ones included: those may be deleted.
  const own = new Set(personal.map((t) => t.id));
  return (
    <div className="grid grid-cols-1 gap-5">
      {company.length > 0 && <TemplateList title="Company Templates" templates={company} own={own} />}
      <TemplateList title="Personal Templates" templates={personal} own={own} showCompanyMark />
    </div>
  );
}
