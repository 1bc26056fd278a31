import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { copyForEmailClients, copySignature, downloadSignature } from "./export-actions";
import { $uploadOpen } from "./store";

/** Copy (with or without the background), download, upload a logo, and the Gmail/Outlook copy. */
export function ExportButtons() {
  return (
    <div className="mt-4 grid gap-2 sm:grid-cols-2">
      <Button variant="accent" className="sm:col-span-2" onClick={() => void copyForEmailClients()}>
        <Icon name="mail" /> Copy for Gmail/Outlook
      </Button>
      <Button variant="outline" onClick={() => void copySignature(true)}>
        <Icon name="copy" /> Copy HTML (With Logo)
      </Button>
      <Button variant="outline" onClick={() => void copySignature(false)}>
        <Icon name="copy" /> Copy HTML (No Background)
      </Button>
      <Button variant="default" onClick={downloadSignature}>
        <Icon name="download" /> Download HTML with Logo
      </Button>
      <Button variant="outline" onClick={() => $uploadOpen.set(true)}>
        <Icon name="upload" /> Upload HTML Logo
      </Button>
    </div>
  );
}
