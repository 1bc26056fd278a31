/**
 * What keeps a proposal template: its history (versions, one opened read-only, restoring one) and the
 * Trash (restore, delete forever). Shared by the dashboard and the proposal editor's Load dialog.
 */
import { atom, computed } from "nanostores";
import { keepMessages } from "./messages";
import { createFetcherStore } from "~/portal/query";
import { api, read } from "~/lib/api-client";
import { toast } from "~/lib/toast";
import type { CompanyExport } from "~/schemas/company-export";
import type { TemplateRestore, TemplateVersion } from "~/schemas/proposal-template";
import { conflictOf, refreshTemplates, TEMPLATES_KEY_PREFIX } from "./store";

/** The template whose history is open; null when the dialog is closed. */
export const $historyOf = atom<{ id: string; title: string } | null>(null);
const $historyId = computed($historyOf, (of) => of?.id ?? null);
/** The open template's versions, newest first (fetched when the dialog opens). */
export const $versions = createFetcherStore([`${TEMPLATES_KEY_PREFIX}versions/`, $historyId], {
  fetcher: (_, id) => read(api.portal.templates[":id"].versions.$get({ param: { id: String(id) } })),
});
/** The version shown read-only in the dialog. */
export const $viewing = atom<TemplateVersion | null>(null);

/** Opens a template's history. */
export function openHistory(template: { id: string; title: string }): void {
  $viewing.set(null);
  $historyOf.set(template);
}

/** Closes the history. */
export function closeHistory(): void {
  $historyOf.set(null);
  $viewing.set(null);
}

/** Shows one version read-only. */
export async function viewVersion(id: string, version: number): Promise<void> {
  try {
    const param = { id, version: String(version) };
    $viewing.set(await read(api.portal.templates[":id"].versions[":version"].$get({ param })));
  } catch {
    toast(keepMessages.historyFailed);
  }
}

/**
 * Makes `version` current again (a new version), on the condition that `current` is still the newest: a
 * save made meanwhile is a conflict, and the history is fetched again to show it.
 */
export async function restoreVersion(id: string, version: number, current: number): Promise<boolean> {
  try {
    const param = { id, version: String(version) };
    const headers = { "If-Match": `"v${current}"` };
    await read(api.portal.templates[":id"].versions[":version"].restore.$post({ param }, { headers }));
  } catch (error) {
    const theirs = conflictOf(error);
    toast(
      theirs
        ? {
            title: "Not restored",
            description: `${theirs.savedBy ?? "Someone"} saved this template meanwhile: look at the history again`,
            variant: "destructive",
          }
        : keepMessages.historyFailed,
    );
    refreshTemplates();
    return false;
  }
  toast(keepMessages.versionRestored);
  $viewing.set(null);
  refreshTemplates();
  return true;
}

/** Deleted templates, most recent first. */
export const $trash = createFetcherStore([`${TEMPLATES_KEY_PREFIX}trash`], {
  fetcher: () => read(api.portal["template-trash"].$get()),
});

/** Takes a template out of the Trash. */
export async function restoreFromTrash(id: string): Promise<void> {
  try {
    await read(api.portal["template-trash"][":id"].$post({ param: { id } }));
    toast(keepMessages.restoredFromTrash);
  } catch {
    toast(keepMessages.trashFailed);
  }
  refreshTemplates();
}

/** Deletes a template in the Trash for good (administrators). */
export async function deleteForever(id: string): Promise<void> {
  try {
    await read(api.portal["template-trash"][":id"].$delete({ param: { id } }));
    toast(keepMessages.deletedForever);
  } catch {
    toast(keepMessages.trashFailed);
  }
  refreshTemplates();
}

/** How often the screen asks how a company export is coming along. */
export const EXPORT_POLL_MS = 1500;

/**
 * The company export the admin asked for on this screen: its state as last polled (null before one is asked for).
 * `downloading` while its parts are being fetched.
 */
export const $companyExport = atom<(CompanyExport & { downloading?: boolean }) | null>(null);

let polling: ReturnType<typeof setTimeout> | undefined;

/** Polls the export until it is ready or failed. */
async function pollExport(id: string): Promise<void> {
  try {
    const status: CompanyExport = await read(api.portal.exports[":id"].$get({ param: { id } }));
    if ($companyExport.get()?.id !== id) return;
    $companyExport.set(status);
    if (status.state === "pending" || status.state === "running")
      polling = setTimeout(() => void pollExport(id), EXPORT_POLL_MS);
  } catch (error) {
    console.error("The export's state could not be read", error);
    toast(keepMessages.exportFailed);
    $companyExport.set(null);
  }
}

/**
 * Asks for everything the company made as one ZIP (administrators): the server builds it apart from this
 * request, whatever its size, and the screen polls it until `saveExport` can download it.
 */
export async function downloadExport(): Promise<void> {
  clearTimeout(polling);
  try {
    const started: CompanyExport = await read(api.portal.exports.$post());
    $companyExport.set(started);
    polling = setTimeout(() => void pollExport(started.id), EXPORT_POLL_MS);
  } catch (error) {
    console.error("The export could not be started", error);
    toast(keepMessages.exportFailed);
  }
}

/** Downloads a ready export's parts in order and saves them, joined, as its ZIP file. */
export async function saveExport(): Promise<void> {
  const ready = $companyExport.get();
  if (ready?.state !== "ready") return;
  $companyExport.set({ ...ready, downloading: true });
  try {
    const parts: Blob[] = [];
    for (let part = 1; part <= ready.parts; part++) {
      const param = { id: ready.id, part: String(part) };
      parts.push(await (await api.portal.exports[":id"].parts[":part"].$get({ param })).blob());
    }
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob(parts, { type: "application/zip" }));
    link.download = ready.fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  } catch (error) {
    console.error("The export could not be downloaded", error);
    toast(keepMessages.exportFailed);
  }
  if ($companyExport.get()?.id === ready.id) $companyExport.set(ready);
}

/** Restores a proposal template from its file in an export (`proposal-templates/<id>.json`). */
export async function restoreFromExport(file: File): Promise<void> {
  try {
    // The file's own contents: the API checks them.
    const { template } = JSON.parse(await file.text()) as TemplateRestore;
    await read(api.portal["template-restore"].$post({ json: { template } }));
    toast(keepMessages.restoredFromExport);
  } catch (error) {
    console.error(`${file.name} could not be restored`, error);
    toast(keepMessages.restoreFailed);
  }
  refreshTemplates();
}
