import { useStore } from "@nanostores/react";
import { lazy, useEffect } from "react";
import { Button } from "~/components/ui/button";
import { DeferredDialog } from "~/components/ui/deferred-dialog";
import { Icon } from "~/components/ui/icon";
import { portalPaths } from "~/portal/navigation";
import { StaffScreen } from "~/features/portal-shell/StaffScreen";
import { FormatToolbar } from "./FormatToolbar";
import { watchSignatures } from "./logo-store";
import { ProposalPage } from "./ProposalPage";
import { SidePanel } from "./SidePanel";
import {
  $restoreOffer,
  $sendOpen,
  checkForDraft,
  discardDraft,
  guardUnsavedWork,
  printProposal,
  restoreDraft,
  startAutosave,
} from "./store";
import { $loadOpen, $saveOpen, setSaveOpen } from "./template-store";

// Each dialog's code loads the first time it opens.
const LoadTemplateDialog = lazy(() => import("./LoadTemplateDialog").then((m) => ({ default: m.LoadTemplateDialog })));
const SaveTemplateDialog = lazy(() => import("./SaveTemplateDialog").then((m) => ({ default: m.SaveTemplateDialog })));
const SendBidDialog = lazy(() => import("./SendBidDialog").then((m) => ({ default: m.SendBidDialog })));

/** /portal/proposal-editor: the printable bid proposal, edited in place. */
export function ProposalEditor() {
  return (
    <StaffScreen
      title="Professional Proposal Editor"
      current={portalPaths.proposalEditor}
      back={{ href: portalPaths.dashboard, label: "Back to Portal" }}
      wide
      actions={<Actions />}
    >
      <Editor />
    </StaffScreen>
  );
}

function Actions() {
  return (
    <>
      <Button variant="accent" size="sm" onClick={() => setSaveOpen(true)}>
        <Icon name="save" /> Save Template
      </Button>
      <Button variant="outline" size="sm" onClick={() => $loadOpen.set(true)}>
        <Icon name="folder" /> Load Template
      </Button>
      <Button variant="outline" size="sm" onClick={printProposal}>
        <Icon name="printer" /> Print
      </Button>
      <Button size="sm" onClick={() => $sendOpen.set(true)}>
        <Icon name="send" /> Send to client
      </Button>
    </>
  );
}

/**
 * The side panel beside the page from md up, stacked above it below md, where the page scrolls
 * sideways in its own box.
 */
function Editor() {
  const saveOpen = useStore($saveOpen);
  const loadOpen = useStore($loadOpen);
  const sendOpen = useStore($sendOpen);
  useEffect(() => {
    void checkForDraft();
    // Only a proposal started from a lead loads the lead's code.
    const lead = new URLSearchParams(location.search).get("lead");
    if (lead) void import("./lead-prefill").then((m) => m.prefillFromLead(lead));
    const stops = [watchSignatures(), startAutosave(), guardUnsavedWork()];
    return () => stops.forEach((stop) => stop());
  }, []);
  return (
    <div className="proposal-workspace mx-auto grid max-w-[1600px] md:grid-cols-[19rem_minmax(0,1fr)]">
      <aside
        aria-label="Document design"
        className="border-b border-navy-100 bg-white p-4 md:border-r md:border-b-0 print:hidden"
      >
        <SidePanel />
      </aside>
      <main className="flex min-w-0 flex-col">
        <RestoreBanner />
        <div className="sticky top-0 z-10">
          <FormatToolbar />
        </div>
        {/* Focusable so keyboard users can scroll a page wider than the screen. */}
        <div
          role="region"
          aria-label="Document page"
          tabIndex={0}
          className="proposal-scroll overflow-x-auto p-3 focus-visible:outline-offset-[-3px] md:p-8"
        >
          <ProposalPage />
        </div>
      </main>
      <DeferredDialog open={saveOpen}>
        <SaveTemplateDialog />
      </DeferredDialog>
      <DeferredDialog open={loadOpen}>
        <LoadTemplateDialog />
      </DeferredDialog>
      <DeferredDialog open={sendOpen}>
        <SendBidDialog />
      </DeferredDialog>
    </div>
  );
}

/** Offers the work an earlier visit left unsaved (docs/requirements.md#drafts). */
function RestoreBanner() {
  const offer = useStore($restoreOffer);
  if (!offer) return null;
  const when = new Date(offer.savedAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 border-b border-gold-300 bg-gold-100 px-4 py-3 text-sm text-navy-950 print:hidden"
    >
      <p className="flex-1">
        <strong>Unsaved proposal found.</strong> You were editing a proposal on {when} that was not saved as a template.
        Restore it?
      </p>
      <Button size="sm" onClick={() => void restoreDraft()}>
        Restore
      </Button>
      <Button size="sm" variant="outline" onClick={discardDraft}>
        Discard
      </Button>
    </div>
  );
}
