/**
 * Saving the proposal as a template and loading one back: the two dialogs' state and their actions.
 * The Load dialog reads the light list (no templateContent: the full list with 200 proposals holding
 * logos would pass the platform's 6 MB response limit) and fetches the one template it loads.
 */
import { atom } from "nanostores";
import { portalMessages } from "~/portal/messages";
import { proposalMessages, proposalLoaded } from "~/features/bid-editor/messages";
import { invalidateKeys } from "~/portal/query";
import { $templates, refreshTemplates, saveFailedToast, TEMPLATE_LIST_KEY } from "~/features/templates/store";
import { api, read } from "~/lib/api-client";
import { toast } from "~/lib/toast";
import type { ProposalTemplate, TemplateVersion } from "~/schemas/proposal-template";
import { logoReplacedByTemplate } from "./logo-store";
import type { SaveDraft } from "./proposal";
import { $bidId, currentDocument, markClean, replaceDocument } from "./store";

/** The Load dialog's list: the dashboard's light list, one cache for both; fetched when the dialog first opens. */
export const $templateSummaries = $templates;

const EMPTY_DRAFT: SaveDraft = { name: "", description: "" };

export const $saveOpen = atom(false);
export const $saveDraft = atom<SaveDraft>(EMPTY_DRAFT);
export const $saving = atom(false);
/** Set after Save was pressed with a blank name, for the field's error style. */
export const $nameError = atom(false);
export const $loadOpen = atom(false);
/** The template being fetched and loaded, to show on its button. */
export const $loadingId = atom<string | null>(null);

/** Changes one field of the save dialog. */
export function setDraftField(key: keyof SaveDraft, value: string): void {
  $saveDraft.set({ ...$saveDraft.get(), [key]: value });
  if (key === "name" && value.trim()) $nameError.set(false);
}

/** Opens or closes the save dialog; closing forgets the blank-name error. */
export function setSaveOpen(open: boolean): void {
  $saveOpen.set(open);
  if (!open) $nameError.set(false);
}

/**
 * Saves the document as a new multifamily template. A blank name is refused; a failure keeps what
 * was typed; success refreshes the list, closes the dialog and clears it.
 */
export async function saveProposalTemplate(): Promise<void> {
  if ($saving.get()) return;
  if (!$saveDraft.get().name.trim()) {
    $nameError.set(true);
    toast(portalMessages.nameRequired);
    return;
  }
  $saving.set(true);
  try {
    const { buildSaveRequest } = await import("./stored-document");
    const request = buildSaveRequest($saveDraft.get(), await currentDocument());
    if (!request.ok) throw new Error(`The proposal is not a valid template: ${request.error}`);
    await read(api.portal.templates.$post({ json: request.input }));
  } catch (error) {
    console.error("Proposal template not saved:", error);
    // A quota's refusal says which quota; anything else the spec's failure toast.
    saveFailedToast(error, proposalMessages.proposalSaveFailed);
    return;
  } finally {
    $saving.set(false);
  }
  toast(proposalMessages.proposalSaved);
  refreshTemplates();
  markClean();
  setSaveOpen(false);
  $saveDraft.set(EMPTY_DRAFT);
}

/**
 * Restores a saved template's settings, content and body (sanitised), closes the dialog and says so.
 * A template that is not an editor document (e.g. plain text from the dashboard) changes nothing.
 */
export async function loadProposalTemplate(
  summary: Pick<ProposalTemplate, "id" | "title">,
  version?: TemplateVersion,
): Promise<void> {
  if ($loadingId.get()) return;
  $loadingId.set(summary.id);
  try {
    // A version from the history is already whole; the current one is fetched.
    const template = version ?? (await read(api.portal.templates[":id"].$get({ param: { id: summary.id } })));
    const { parseTemplateContent } = await import("./stored-document");
    const parsed = parseTemplateContent(template.templateContent);
    if (!parsed.ok) throw new Error(`Template "${summary.title}" cannot be loaded: ${parsed.error}`);
    logoReplacedByTemplate();
    await replaceDocument(parsed.document, { dirty: false });
    $bidId.set(null);
    markClean();
  } catch (error) {
    console.error(error);
    toast(proposalMessages.proposalLoadFailed);
    return;
  } finally {
    $loadingId.set(null);
  }
  $loadOpen.set(false);
  toast(proposalLoaded(summary.title));
}

/** Asks the server for the list again (the dialog's retry after a failed load). */
export function reloadTemplates(): void {
  invalidateKeys(TEMPLATE_LIST_KEY);
}
