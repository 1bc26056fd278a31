/** Dashboard state and actions: the template list, the form's mode, save and delete. */
import { atom } from "nanostores";
import { keepMessages, templateMessages } from "./messages";
import { quotaOr } from "~/portal/quota";
import { createFetcherStore, invalidateKeys } from "~/portal/query";
import { api, ApiError, read, readTagged } from "~/lib/api-client";
import { toast, type ToastMessage } from "~/lib/toast";
import type { ErrorCode } from "~/schemas/error-codes";
import type {
  ProposalTemplate,
  ProposalTemplateInput,
  ProposalTemplateSummary,
  TemplateConflict,
} from "~/schemas/proposal-template";
import { EMPTY_TEMPLATE_FORM, formFromTemplate, type TemplateFormErrors, type TemplateFormValues } from "./templates";

/**
 * The list's query key: the light list without templateContent (200 proposals with logos would make the
 * full list tens of MB). A card's content is fetched when it is edited.
 */
export const TEMPLATE_LIST_KEY = "templates/summary";

/** What every templates query key starts with (the list, histories, the Trash). */
export const TEMPLATES_KEY_PREFIX = "templates/";

/** A listed template: the summary list carries no content, but a full template fits too. */
export type ListedTemplate = ProposalTemplateSummary & Partial<Pick<ProposalTemplate, "templateContent">>;

/** Every proposal template, newest first (shared with the proposal editor's Load dialog). */
export const $templates = createFetcherStore<ListedTemplate[]>([TEMPLATE_LIST_KEY], {
  fetcher: () => read(api.portal.templates.$get({ query: { view: "summary" } })),
});

/** Marks every templates query stale (the list, any other view of it, its histories and the Trash). */
export function refreshTemplates(): void {
  invalidateKeys((key) => key.startsWith(TEMPLATES_KEY_PREFIX));
}

/** The form: hidden, creating a template, or editing one at the version (ETag) it was read as. */
export type EditorMode = { kind: "hidden" } | { kind: "create" } | { kind: "edit"; id: string; etag: string | null };

/** A save refused because someone saved the template since it was opened: their save, and what was typed. */
export interface SaveConflict {
  id: string;
  theirs: TemplateConflict;
  mine: ProposalTemplateInput;
}
/** The conflict the dialog asks about; null when there is none. */
export const $conflict = atom<SaveConflict | null>(null);

/** The conflict a 409 describes, when it is one (a version conflict carries who saved and when). */
export function conflictOf(error: unknown): TemplateConflict | undefined {
  if (!(error instanceof ApiError) || error.code !== ("version_conflict" satisfies ErrorCode)) return undefined;
  return JSON.parse(error.body) as TemplateConflict;
}

/** A refused save's toast: the quota's own explanation for a 409 that is not a conflict, else the generic one. */
export function saveFailedToast(error: unknown, fallback: ToastMessage = templateMessages.saveFailed): void {
  toast(quotaOr(error, fallback));
}
export const $editorMode = atom<EditorMode>({ kind: "hidden" });
/** What the form shows when it opens; it keeps its own state while open. */
export const $formStart = atom<TemplateFormValues>(EMPTY_TEMPLATE_FORM);

/** Opens the empty form for a new template. */
export function openCreate(): void {
  $formStart.set(EMPTY_TEMPLATE_FORM);
  $editorMode.set({ kind: "create" });
}

/** Opens the form on an existing template, fetched whole with its version (the ETag its save sends back). */
export async function openEdit(template: Pick<ListedTemplate, "id">): Promise<void> {
  let opened: { body: ProposalTemplate; etag: string | null };
  try {
    opened = await readTagged(api.portal.templates[":id"].$get({ param: { id: template.id } }));
  } catch {
    toast(templateMessages.openFailed);
    return;
  }
  $formStart.set(formFromTemplate(opened.body));
  $editorMode.set({ kind: "edit", id: template.id, etag: opened.etag });
}

/** Closes the form and resets it to empty with category residential. */
export function closeEditor(): void {
  $editorMode.set({ kind: "hidden" });
  $formStart.set(EMPTY_TEMPLATE_FORM);
}

/** What a save did: the form closes on success and stays open (with any field errors) otherwise. */
export type SaveResult = { saved: true } | { saved: false; errors: TemplateFormErrors };

/** Saves the form as a new template or over the one being edited. */
export async function saveTemplate(values: TemplateFormValues): Promise<SaveResult> {
  const { validateTemplateForm } = await import("./template-check");
  const checked = validateTemplateForm(values);
  if (!checked.ok) return { saved: false, errors: checked.errors };
  const mode = $editorMode.get();
  try {
    if (mode.kind === "edit") {
      const headers = mode.etag ? { "If-Match": mode.etag } : undefined;
      await read(api.portal.templates[":id"].$put({ param: { id: mode.id }, json: checked.input }, { headers }));
      toast(templateMessages.updated);
    } else {
      await read(api.portal.templates.$post({ json: checked.input }));
      toast(templateMessages.created);
    }
  } catch (error) {
    // Someone saved since the form opened: nothing was written, and the dialog asks what to do.
    const theirs = conflictOf(error);
    if (theirs && mode.kind === "edit") $conflict.set({ id: mode.id, theirs, mine: checked.input });
    // A 401 never lands here: the API client ends the session and this call never settles.
    else saveFailedToast(error);
    return { saved: false, errors: {} };
  }
  closeEditor();
  refreshTemplates();
  return { saved: true };
}

/** Deletes a template; the list refreshes either way (it may already be gone). */
export async function deleteTemplate(id: string): Promise<void> {
  try {
    await read(api.portal.templates[":id"].$delete({ param: { id } }));
    toast(templateMessages.deleted);
    const mode = $editorMode.get();
    if (mode.kind === "edit" && mode.id === id) closeEditor();
  } catch {
    toast(templateMessages.deleteFailed);
  }
  refreshTemplates();
}

/** Conflict: drop what was typed and reopen the form on the saved version. */
export async function reloadTheirs(): Promise<void> {
  const conflict = $conflict.get();
  if (!conflict) return;
  $conflict.set(null);
  await openEdit({ id: conflict.id });
}

/** Conflict: keep theirs as it is and save what was typed as a new template. */
export async function saveMineAsCopy(): Promise<void> {
  const conflict = $conflict.get();
  if (!conflict) return;
  try {
    await read(api.portal.templates.$post({ json: { ...conflict.mine, title: `${conflict.mine.title} (copy)` } }));
  } catch (error) {
    saveFailedToast(error);
    return;
  }
  $conflict.set(null);
  toast(keepMessages.copySaved);
  closeEditor();
  refreshTemplates();
}

/** Conflict: replace their version with what was typed, knowingly (theirs stays in the history). */
export async function overwriteTheirs(): Promise<void> {
  const conflict = $conflict.get();
  if (!conflict) return;
  try {
    const headers = { "If-Match": `"v${conflict.theirs.version}"` };
    await read(api.portal.templates[":id"].$put({ param: { id: conflict.id }, json: conflict.mine }, { headers }));
  } catch (error) {
    // Saved again meanwhile: the dialog now names that save.
    const theirs = conflictOf(error);
    if (theirs) $conflict.set({ ...conflict, theirs });
    else saveFailedToast(error);
    return;
  }
  $conflict.set(null);
  toast(keepMessages.overwritten);
  closeEditor();
  refreshTemplates();
}
