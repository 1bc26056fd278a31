import { useStore } from "@nanostores/react";
import { lazy, useState } from "react";
import { Button } from "~/components/ui/button";
import { DeferredDialog } from "~/components/ui/deferred-dialog";
import { Icon } from "~/components/ui/icon";
import { portalPaths } from "~/portal/navigation";
import { SIGNATURE_PAGE_TITLE } from "./constants";
import { StaffScreen } from "~/features/portal-shell/StaffScreen";
import { ContactInformation } from "./ContactInformation";
import { $emailExportOpen } from "./export-actions";
import { GlobalSettings } from "./GlobalSettings";
import { PositionControls } from "./PositionControls";
import { SignaturePreview } from "./SignaturePreview";
import { $uploadOpen, initSignature } from "./store";
import { $deleteTarget, $loadOpen, $saveOpen } from "./template-store";

// Each dialog's code loads the first time it opens.
const LoadTemplateDialog = lazy(() => import("./LoadTemplateDialog").then((m) => ({ default: m.LoadTemplateDialog })));
const SaveTemplateDialog = lazy(() => import("./SaveTemplateDialog").then((m) => ({ default: m.SaveTemplateDialog })));
const LogoUploadDialog = lazy(() => import("./LogoUploadDialog").then((m) => ({ default: m.LogoUploadDialog })));
const EmailExportDialog = lazy(() => import("./EmailExportDialog").then((m) => ({ default: m.EmailExportDialog })));
const DeleteTemplateDialog = lazy(() =>
  import("./DeleteTemplateDialog").then((m) => ({ default: m.DeleteTemplateDialog })),
);

/** /portal/signature: the Email Signature Generator (docs/requirements.md#email-signature-generator). */
export function SignatureGenerator() {
  return (
    <StaffScreen
      title={SIGNATURE_PAGE_TITLE}
      current={portalPaths.signature}
      back={{ href: portalPaths.dashboard, label: "Back to Dashboard" }}
      wide
      actions={<Actions />}
    >
      <Generator />
    </StaffScreen>
  );
}

/** 'Load Template' and 'Save Template', the screen's actions beside its title. */
function Actions() {
  const loadOpen = useStore($loadOpen);
  const saveOpen = useStore($saveOpen);
  return (
    <>
      <Button variant="outline" aria-haspopup="dialog" aria-expanded={loadOpen} onClick={() => $loadOpen.set(true)}>
        <Icon name="folder" /> Load Template
      </Button>
      <Button variant="accent" aria-haspopup="dialog" aria-expanded={saveOpen} onClick={() => $saveOpen.set(true)}>
        <Icon name="save" /> Save Template
      </Button>
      <DeferredDialog open={loadOpen}>
        <LoadTemplateDialog />
      </DeferredDialog>
      <DeferredDialog open={saveOpen}>
        <SaveTemplateDialog />
      </DeferredDialog>
    </>
  );
}

function Generator() {
  // Once, before the first render: the stored default (if any) is what the preview first shows.
  useState(initSignature);
  const uploadOpen = useStore($uploadOpen);
  const emailExportOpen = useStore($emailExportOpen);
  const deleting = useStore($deleteTarget) !== null;
  return (
    <main className="mx-auto grid max-w-6xl items-start gap-6 px-4 py-6 lg:grid-cols-[minmax(0,686px)_minmax(0,1fr)]">
      <div className="grid min-w-0 grid-cols-1 gap-6 lg:sticky lg:top-6">
        <SignaturePreview />
        <GlobalSettings />
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <ContactInformation />
        <PositionControls />
      </div>
      <DeferredDialog open={uploadOpen}>
        <LogoUploadDialog />
      </DeferredDialog>
      <DeferredDialog open={emailExportOpen}>
        <EmailExportDialog />
      </DeferredDialog>
      <DeferredDialog open={deleting}>
        <DeleteTemplateDialog />
      </DeferredDialog>
    </main>
  );
}
