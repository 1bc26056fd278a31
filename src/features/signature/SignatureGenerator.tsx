import { useState } from "react";
import { portalPaths } from "~/config/navigation";
import { SIGNATURE_PAGE_TITLE } from "~/config/signature";
import { StaffScreen } from "~/features/portal/StaffScreen";
import { ContactInformation } from "./ContactInformation";
import { DeleteTemplateDialog } from "./DeleteTemplateDialog";
import { EmailExportDialog } from "./EmailExportDialog";
import { GlobalSettings } from "./GlobalSettings";
import { LoadTemplateDialog } from "./LoadTemplateDialog";
import { LogoUploadDialog } from "./LogoUploadDialog";
import { PositionControls } from "./PositionControls";
import { SaveTemplateDialog } from "./SaveTemplateDialog";
import { SignaturePreview } from "./SignaturePreview";
import { initSignature } from "./store";

/** /portal/signature: the Email Signature Generator (spec 2, 4; issue 8). */
export function SignatureGenerator() {
  return (
    <StaffScreen
      title={SIGNATURE_PAGE_TITLE}
      current={portalPaths.signature}
      back={{ href: portalPaths.dashboard, label: "Back to Dashboard" }}
      actions={
        <>
          <LoadTemplateDialog />
          <SaveTemplateDialog />
        </>
      }
    >
      <Generator />
    </StaffScreen>
  );
}

function Generator() {
  // Once, before the first render: the stored default (if any) is what the preview first shows.
  useState(initSignature);
  return (
    <main className="mx-auto grid max-w-6xl items-start gap-6 px-4 py-6 lg:grid-cols-[minmax(0,686px)_minmax(0,1fr)]">
      <div className="grid min-w-0 gap-6 lg:sticky lg:top-6">
        <SignaturePreview />
        <GlobalSettings />
      </div>
      <div className="grid min-w-0 gap-6">
        <ContactInformation />
        <PositionControls />
      </div>
      <LogoUploadDialog />
      <EmailExportDialog />
      <DeleteTemplateDialog />
    </main>
  );
}
