/**
 * Signature templates: the personal and company lists, the Load, Save and
 * Delete dialogs, and save, load, set-as-default and delete. A refused token is handled by the API client.
 */
import { atom } from "nanostores";
import { portalMessages } from "~/portal/messages";
import {
  signatureMessages,
  signatureDefaultSet,
  signatureDeleted,
  signatureLoaded,
} from "~/features/signature/messages";
import { createFetcherStore, invalidateKeys } from "~/portal/query";
import { quotaOr } from "~/portal/quota";
import { api, read } from "~/lib/api-client";
import { toast } from "~/lib/toast";
import type { SignatureTemplateSummary } from "~/schemas/signature";
import { currentSignatureHtml } from "./export-actions";
import { $customLogoStyle, $elements, $formData, $globalSettings, applySignature } from "./store";
import { browserStorage, writeDefaults } from "./stored-defaults";
import { EMPTY_SAVE_FORM, parseTemplate, parseTemplateLayout, templateInput, type SaveForm } from "./template-data";
import { COMPANY_LIST_KEY, loadCompanyList, loadPersonalList, PERSONAL_LIST_KEY } from "./list-keys";

// The light lists carry the layout that Load and Set as Default apply, which is all either reads.
const BOTH = [PERSONAL_LIST_KEY, COMPANY_LIST_KEY];

/** The caller's own templates (company ones they created included). */
export const $personalTemplates = createFetcherStore([PERSONAL_LIST_KEY], { fetcher: loadPersonalList });
/** Templates marked as company templates, from anyone. */
export const $companyTemplates = createFetcherStore([COMPANY_LIST_KEY], { fetcher: loadCompanyList });

export const $loadOpen = atom(false);
export const $saveOpen = atom(false);
/** What is typed in the Save dialog; kept while it is closed, cleared by a successful save. */
export const $saveForm = atom<SaveForm>(EMPTY_SAVE_FORM);
export const $saving = atom(false);
/** The template the Delete confirmation asks about. */
export const $deleteTarget = atom<SignatureTemplateSummary | null>(null);
export const $deleting = atom(false);

/** Changes one field of the Save dialog. */
export function setSaveField<K extends keyof SaveForm>(key: K, value: SaveForm[K]): void {
  $saveForm.set({ ...$saveForm.get(), [key]: value });
}

/** Fetches both lists again (the Load dialog's "Try again"). */
export function reloadTemplates(): void {
  invalidateKeys(BOTH);
}

/** Saves the current signature under the typed name, with the company mark, so the checkbox does what it says. */
export async function saveSignatureTemplate(): Promise<void> {
  if ($saving.get()) return;
  const form = $saveForm.get();
  const signature = { formData: $formData.get(), elements: $elements.get(), globalSettings: $globalSettings.get() };
  const logoStyle = $customLogoStyle.get();
  // Only an uploaded logo has a style, and its upload already fetched the logo code.
  const logoUrl = logoStyle ? (await import("./logo")).logoUrlFromStyle(logoStyle) : null;
  const input = templateInput(form, signature, currentSignatureHtml(true), logoUrl);
  if (!input) return void toast(portalMessages.nameRequired);
  $saving.set(true);
  try {
    await read(api.portal["signature-templates"].$post({ json: input }));
    toast(signatureMessages.signatureSaved);
    invalidateKeys(form.isCompanyTemplate ? BOTH : PERSONAL_LIST_KEY);
    $saveOpen.set(false);
    // Clears name and description, and the company mark too, so the next save is not shared by accident.
    $saveForm.set(EMPTY_SAVE_FORM);
  } catch (error) {
    console.error("Saving the signature template failed", error);
    toast(quotaOr(error, signatureMessages.signatureSaveFailed));
  } finally {
    $saving.set(false);
  }
}

/** Load: the template's contact card, lines and global settings replace the current ones. */
export function loadSignatureTemplate(template: SignatureTemplateSummary): void {
  const parsed = parseTemplate(template);
  if (!parsed.ok) {
    console.error(`Signature template "${template.name}" could not be loaded`, parsed.error);
    return void toast(signatureMessages.signatureLoadFailed);
  }
  applySignature(parsed.value);
  $loadOpen.set(false);
  toast(signatureLoaded(template.name));
}

/** Set as Default: later sessions start from this template's lines and global settings. */
export function setDefaultSignature(template: SignatureTemplateSummary): void {
  const parsed = parseTemplateLayout(template);
  try {
    if (!parsed.ok) throw parsed.error;
    const storage = browserStorage();
    if (!storage) throw new Error("localStorage is not available");
    writeDefaults(storage, parsed.value);
  } catch (error) {
    console.error(`Signature template "${template.name}" could not be set as default`, error);
    return void toast(signatureMessages.signatureDefaultFailed);
  }
  toast(signatureDefaultSet(template.name));
}

/** Deletes the template the confirmation names; both lists are fetched again. */
export async function deleteSignatureTemplate(): Promise<void> {
  const template = $deleteTarget.get();
  if (!template || $deleting.get()) return;
  $deleting.set(true);
  try {
    await read(api.portal["signature-templates"][":id"].$delete({ param: { id: template.id } }));
    $deleteTarget.set(null);
    invalidateKeys(BOTH);
    toast(signatureDeleted(template.name));
  } catch (error) {
    console.error(`Deleting signature template "${template.name}" failed`, error);
    toast(signatureMessages.signatureDeleteFailed);
  } finally {
    $deleting.set(false);
  }
}
