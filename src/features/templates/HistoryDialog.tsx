import { useStore } from "@nanostores/react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Textarea } from "~/components/ui/input";
import { useAction } from "~/portal/use-action";
import { TEMPLATE_KEEP } from "~/schemas/limits";
import type { TemplateVersion } from "~/schemas/proposal-template";
import { $historyOf, $versions, $viewing, closeHistory, restoreVersion, viewVersion } from "./keep-store";
import { formatSaved } from "./templates";

/**
 * A template's history: its kept versions newest first, who saved each and when; any one opens read-only,
 * and an earlier one can be restored (as a new version, so nothing is lost by restoring).
 */
export function HistoryDialog({ openVersion }: { openVersion?: (version: TemplateVersion) => void } = {}) {
  const of = useStore($historyOf);
  return (
    <Dialog open={of !== null} onOpenChange={(open) => !open && closeHistory()}>
      <DialogContent
        title={`History: ${of?.title ?? ""}`}
        description={`The newest ${TEMPLATE_KEEP.versions} versions are kept. Restoring one makes it the current version.`}
      >
        {of && <Versions id={of.id} openVersion={openVersion} />}
      </DialogContent>
    </Dialog>
  );
}

function Versions({ id, openVersion }: { id: string; openVersion?: (version: TemplateVersion) => void }) {
  const { data: versions, error, loading } = useStore($versions);
  const viewing = useStore($viewing);
  // Restoring toasts its own outcome; the hook only keeps the Restore buttons waiting while one runs.
  const { pending, run } = useAction();
  if (loading || (!versions && !error)) return <p role="status">Loading versions...</p>;
  if (error || !versions) return <p role="alert">The history could not be loaded. ({error?.message})</p>;
  const current = versions[0]!.version;
  return (
    <div className="grid grid-cols-1 gap-3">
      <ul aria-label="Versions" className="grid max-h-60 grid-cols-1 gap-2 overflow-y-auto pr-1">
        {versions.map((v) => (
          <li key={v.version} className="flex items-center gap-3 rounded-md border border-navy-100 p-2 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                Version {v.version}
                {v.current && " (current)"}
              </p>
              <p className="text-xs text-navy-600">
                {v.savedBy ?? "Someone"} {formatSaved(v.savedAt)}
              </p>
            </div>
            <Button
              size="sm"
              variant="outline"
              aria-label={`View version ${v.version}`}
              onClick={() => void viewVersion(id, v.version)}
            >
              View
            </Button>
            {!v.current && (
              <Button
                size="sm"
                disabled={pending}
                aria-label={`Restore version ${v.version}`}
                onClick={() => void run(() => restoreVersion(id, v.version, current))}
              >
                Restore
              </Button>
            )}
          </li>
        ))}
      </ul>
      {viewing && (
        <section aria-label={`Version ${viewing.version}, read-only`} className="grid grid-cols-1 gap-1">
          <p className="text-sm font-semibold">
            Version {viewing.version}: {viewing.title}
          </p>
          <Textarea
            readOnly
            rows={8}
            value={viewing.templateContent}
            aria-label="Version content"
            className="font-mono"
          />
          {openVersion && (
            <Button size="sm" variant="outline" className="justify-self-start" onClick={() => openVersion(viewing)}>
              Open version {viewing.version} in the editor
            </Button>
          )}
        </section>
      )}
    </div>
  );
}
