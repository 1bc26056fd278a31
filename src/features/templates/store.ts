/** Dashboard state and actions: the template list, the form's mode, save and delete. */
import { atom } from "nanostores";
import { portalMessages } from "~/features/portal/messages";
import { createFetcherStore, invalidateKeys } from "~/features/portal/query";
import { apiRequest } from "~/lib/api-client";
import { toast } from "~/lib/toast";
import type { ProposalTemplate, ProposalTemplateSummary } from "~/schemas/proposal-template";
import { EMPTY_TEMPLATE_FORM, formFromTemplate, type TemplateFormErrors, type TemplateFormValues } from "./templates";
import { apiPath, TEMPLATE_ITEM_PATH, TEMPLATES_PATH } from "~/lib/api-routes";

/**
 * The list's query key: the light list without templateContent (200 proposals with logos would make the
 * full list tens of MB). A card's content is fetched when it is edited.
 */
export const TEMPLATE_LIST_KEY = `${TEMPLATES_PATH}?view=summary`;

/** A listed template: the summary list carries no content, but a full template fits too. */
export type ListedTemplate = ProposalTemplateSummary & Partial<Pick<ProposalTemplate, "templateContent">>;

/** Every proposal template, newest first (shared with the proposal editor's Load dialog). */
export const $templates = createFetcherStore<ListedTemplate[]>([TEMPLATE_LIST_KEY]);

/** Marks every templates query stale (the list, and any other view of it). */
export function refreshTemplates(): void {
  invalidateKeys((key) => key.startsWith(TEMPLATES_PATH));
}

/** The form: hidden, creating a template, or editing one. */
export type EditorMode = { kind: "hidden" } | { kind: "create" } | { kind: "edit"; id: string };
export const $editorMode = atom<EditorMode>({ kind: "hidden" });
/** What the form shows when it opens; it keeps its own state while open. */
export const $formStart = atom<TemplateFormValues>(EMPTY_TEMPLATE_FORM);

/** Opens the empty form for a new template. */
export function openCreate(): void {
  $formStart.set(EMPTY_TEMPLATE_FORM);
  $editorMode.set({ kind: "create" });
}

/** Opens the form on an existing template, fetching its content when the list did not carry it. */
export async function openEdit(template: ListedTemplate): Promise<void> {
  let full: ProposalTemplate;
  try {
    full =
      template.templateContent === undefined
        ? await apiRequest<ProposalTemplate>(apiPath(TEMPLATE_ITEM_PATH, { id: template.id }))
        : { ...template, templateContent: template.templateContent };
  } catch {
    toast(portalMessages.templateOpenFailed);
    return;
  }
  $formStart.set(formFromTemplate(full));
  $editorMode.set({ kind: "edit", id: template.id });
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
      await apiRequest(apiPath(TEMPLATE_ITEM_PATH, { id: mode.id }), {
        method: "PUT",
        json: { id: mode.id, ...checked.input },
      });
      toast(portalMessages.templateUpdated);
    } else {
      await apiRequest(TEMPLATES_PATH, { method: "POST", json: checked.input });
      toast(portalMessages.templateCreated);
    }
  } catch {
    // A 401 never lands here: the API client ends the session and this call never settles.
    toast(portalMessages.templateSaveFailed);
    return { saved: false, errors: {} };
  }
  closeEditor();
  refreshTemplates();
  return { saved: true };
}

/** Deletes a template; the list refreshes either way (it may already be gone). */
export async function deleteTemplate(id: string): Promise<void> {
  try {
    await apiRequest(apiPath(TEMPLATE_ITEM_PATH, { id }), { method: "DELETE" });
    toast(portalMessages.templateDeleted);
    const mode = $editorMode.get();
    if (mode.kind === "edit" && mode.id === id) closeEditor();
  } catch {
    toast(portalMessages.templateDeleteFailed);
  }
  refreshTemplates();
}
