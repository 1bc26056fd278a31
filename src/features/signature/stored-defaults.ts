/**
 * The user's default signature in localStorage: "Set as Default" writes a template's
 * lines and global settings, and later sessions start from them.
 */
import { SIGNATURE_STORAGE_KEYS } from "./constants";
import { signatureElementsSchema, signatureGlobalSettingsSchema } from "~/schemas/signature";
import { parseJsonAs, type SignatureLayout } from "./template-data";

/** The part of Storage used here (localStorage in the page, a Map in tests). */
export type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

/** Keeps `layout` as the default for new signatures. Throws when storage refuses it. */
export function writeDefaults(storage: KeyValueStore, layout: SignatureLayout): void {
  storage.setItem(SIGNATURE_STORAGE_KEYS.elements, JSON.stringify(layout.elements));
  storage.setItem(SIGNATURE_STORAGE_KEYS.globalSettings, JSON.stringify(layout.globalSettings));
}

/**
 * The stored default, or whichever half of it is stored; empty when nothing is. Anything unreadable
 * means the built-in defaults are used: it is logged, never thrown, so the page still opens.
 */
export function readDefaults(
  storage: KeyValueStore | null,
  log: (...data: unknown[]) => void = console.error,
): Partial<SignatureLayout> {
  try {
    const elements = storage?.getItem(SIGNATURE_STORAGE_KEYS.elements);
    const globalSettings = storage?.getItem(SIGNATURE_STORAGE_KEYS.globalSettings);
    return {
      ...(elements != null && {
        elements: parseJsonAs(elements, signatureElementsSchema, SIGNATURE_STORAGE_KEYS.elements),
      }),
      ...(globalSettings != null && {
        globalSettings: parseJsonAs(
          globalSettings,
          signatureGlobalSettingsSchema,
          SIGNATURE_STORAGE_KEYS.globalSettings,
        ),
      }),
    };
  } catch (error) {
    log("Stored default signature is unreadable; using the built-in defaults.", error);
    return {};
  }
}

/** The page's localStorage, or null where the browser refuses access (blocked site data). */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
