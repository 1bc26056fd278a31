import { useStore } from "@nanostores/react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { AdminOnly } from "~/features/portal-shell/AdminOnly";
import { PortalLoadingText } from "~/portal/PortalFrame";
import { TEMPLATE_KEEP } from "~/schemas/limits";
import type { TrashedTemplate } from "~/schemas/proposal-template";
import {
  $companyExport,
  $trash,
  deleteForever,
  downloadExport,
  restoreFromExport,
  restoreFromTrash,
  saveExport,
} from "./keep-store";
import { formatCreated } from "./templates";

/**
 * The Trash tab: the deleted templates, then (for admins) the company's data out (one ZIP) and a template
 * back in from it.
 */
export function TrashTab() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <TrashList />
      {/* Only admins delete forever and take the company's data out. */}
      <AdminOnly fallback={null} loading={null}>
        <CompanyData />
      </AdminOnly>
    </div>
  );
}

/** Everything the company made, as one ZIP, and a proposal template restored from its file in one. */
function CompanyData() {
  return (
    <section
      aria-label="Company data"
      className="grid grid-cols-1 gap-2 rounded-md border border-navy-100 bg-white p-4 text-sm"
    >
      <h2 className="font-bold">Company data</h2>
      <p className="text-navy-700">
        Download every template (with its versions), signature, image and contact message as one ZIP, or restore a
        proposal template from its file in such a ZIP.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <ExportControls />
        <label className="inline-flex items-center gap-2">
          Restore a template from its file
          <input
            type="file"
            accept=".json,application/json"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void restoreFromExport(file);
              e.target.value = "";
            }}
          />
        </label>
      </div>
    </section>
  );
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.max(0.1, Math.round((bytes / MB) * 10) / 10)} MB`;

/**
 * Asking for the ZIP, its progress while the server builds it (a large company takes minutes), and the link
 * that downloads it once it is ready; a failed build says so and can be asked for again.
 */
function ExportControls() {
  const current = useStore($companyExport);
  const building = current?.state === "pending" || current?.state === "running";
  return (
    <>
      {current?.state === "ready" ? (
        <Button size="sm" disabled={current.downloading} onClick={() => void saveExport()}>
          {current.downloading ? "Downloading…" : `Download the ZIP (${megabytes(current.bytes)})`}
        </Button>
      ) : (
        <Button size="sm" variant="outline" disabled={building} onClick={() => void downloadExport()}>
          Download everything (ZIP)
        </Button>
      )}
      <p role="status" className="basis-full text-navy-700 empty:hidden">
        {building && `Preparing the export… ${current.bytes ? `${megabytes(current.bytes)} so far` : ""}`}
        {current?.state === "ready" && `The export is ready: ${current.fileName}.`}
      </p>
      {current?.state === "failed" && (
        <p role="alert" className="basis-full font-semibold text-red-800">
          {current.error ?? "The export failed."} Use “Download everything (ZIP)” to ask again.
        </p>
      )}
    </>
  );
}

/** The deleted templates, each restorable until it is purged; deleting forever asks twice. */
function TrashList() {
  const { data: trashed, error, loading } = useStore($trash);
  if (loading || (!trashed && !error)) return <PortalLoadingText />;
  if (error || !trashed) return <p role="alert">The Trash could not be loaded. ({error?.message})</p>;
  if (trashed.length === 0)
    return (
      <p className="rounded-md border border-dashed border-navy-200 py-8 text-center text-sm font-semibold text-navy-600">
        The Trash is empty. Deleted templates stay here for {TEMPLATE_KEEP.trashDays} days.
      </p>
    );
  return (
    <ul aria-label="Deleted templates" className="grid grid-cols-1 gap-3">
      {trashed.map((t) => (
        <TrashRow key={t.id} template={t} />
      ))}
    </ul>
  );
}

function TrashRow({ template }: { template: TrashedTemplate }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-md border border-navy-100 bg-white p-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold wrap-anywhere">{template.title}</p>
        <p className="text-xs text-navy-600">
          Deleted by {template.deletedBy ?? "someone"} on {formatCreated(template.deletedAt)}; purged on{" "}
          {formatCreated(template.purgeAt)}
        </p>
      </div>
      <Button size="sm" aria-label={`Restore ${template.title}`} onClick={() => void restoreFromTrash(template.id)}>
        Restore
      </Button>
      <AdminOnly fallback={null} loading={null}>
        <Button
          size="sm"
          variant="destructive"
          aria-label={confirming ? `Confirm: delete ${template.title} forever` : `Delete ${template.title} forever`}
          onClick={() => (confirming ? void deleteForever(template.id) : setConfirming(true))}
        >
          {confirming ? "Confirm delete forever" : "Delete forever"}
        </Button>
      </AdminOnly>
    </li>
  );
}
