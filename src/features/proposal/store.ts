/**
 * The proposal being edited (spec 3, 4; issue 9): its settings, header content and body, whether it
 * holds unsaved work, the browser draft, and the actions that change them. The body's editing engine
 * (Tiptap, with DOMPurify) is imported on demand and lives here, so components only render.
 */
import { atom } from "nanostores";
import { AUTOSAVE } from "~/config/proposal";
import type { DocumentContent, DocumentSettings, ProposalDocument } from "~/schemas/proposal-document";
import type { Editor, FormatCommand, FormatState } from "./body-editor";
import {
  initialDocument,
  parseDraft,
  serializeDraft,
  withAmount,
  type AmountField,
  type BrowserDraft,
} from "./proposal";

const start = initialDocument(new Date());

export const $settings = atom<DocumentSettings>(start.documentSettings);
export const $content = atom<DocumentContent>(start.documentContent);
/** The body's HTML as last serialised by the editor (or as loaded, before the editor exists). */
export const $editorHtml = atom<string>(start.editorHTML);
/** True while the document holds changes not saved as a template (the leave guard asks then). */
export const $dirty = atom(false);
/** The toolbar's pressed states; null until the engine has loaded. */
export const $format = atom<FormatState | null>(null);
/** A draft left by an earlier visit that the user may restore. */
export const $restoreOffer = atom<BrowserDraft | null>(null);

type Engine = typeof import("./body-editor");
let engine: Promise<Engine> | undefined;
let editor: Editor | null = null;

/** The editing engine and its sanitiser, fetched the first time anything needs them. */
export function loadEngine(): Promise<Engine> {
  engine ??= import("./body-editor");
  return engine;
}

/** Mounts the body editor in `element` once the engine has arrived; returns the unmount function. */
export function mountBody(element: HTMLElement): () => void {
  let cancelled = false;
  void loadEngine().then(({ createBodyEditor }) => {
    if (cancelled) return;
    editor = createBodyEditor({
      element,
      html: $editorHtml.get(),
      onChange: (html) => {
        $editorHtml.set(html);
        $dirty.set(true);
      },
      onSelection: (state) => $format.set(state),
    });
  });
  return () => {
    cancelled = true;
    editor?.destroy();
    editor = null;
    $format.set(null);
  };
}

/** Runs a toolbar command on the body's selection. */
export async function runFormat(command: FormatCommand): Promise<void> {
  const { formatCommands } = await loadEngine();
  if (editor) formatCommands[command](editor);
}

/** Changes one document setting; `user: false` for changes the editor makes by itself (auto-selected logo). */
export function setSetting<K extends keyof DocumentSettings>(
  key: K,
  value: DocumentSettings[K],
  { user = true }: { user?: boolean } = {},
): void {
  if ($settings.get()[key] === value) return;
  $settings.set({ ...$settings.get(), [key]: value });
  if (user) $dirty.set(true);
}

/** Changes one header field; the side panel and the document both show it. */
export function setContentField(key: keyof DocumentContent, value: string): void {
  if ($content.get()[key] === value) return;
  $content.set({ ...$content.get(), [key]: value });
  $dirty.set(true);
}

/** Types an amount into the bid box (see `withAmount`: the base bid follows the breakdown unless overridden). */
export function setAmount(field: AmountField, amount: number | null): void {
  const next = withAmount($content.get(), field, amount);
  if (JSON.stringify(next) === JSON.stringify($content.get())) return;
  $content.set(next);
  $dirty.set(true);
}

/** The document as it stands, its body serialised and sanitised, ready to save. */
export async function currentDocument(): Promise<ProposalDocument> {
  const { bodyHtml } = await loadEngine();
  const { sanitizeEditorHtml } = await import("./sanitize");
  return {
    documentSettings: $settings.get(),
    documentContent: $content.get(),
    editorHTML: editor ? bodyHtml(editor) : sanitizeEditorHtml($editorHtml.get()),
  };
}

/**
 * Replaces the whole document (a loaded template, a restored draft). The body is sanitised right
 * before it is parsed into the page, whatever the caller did before.
 */
export async function replaceDocument(document: ProposalDocument, { dirty }: { dirty: boolean }): Promise<void> {
  const { replaceBody } = await loadEngine();
  const { sanitizeEditorHtml } = await import("./sanitize");
  $settings.set(document.documentSettings);
  $content.set(document.documentContent);
  if (editor) {
    replaceBody(editor, document.editorHTML);
    $editorHtml.set(editor.getHTML());
  } else {
    $editorHtml.set(sanitizeEditorHtml(document.editorHTML));
  }
  $dirty.set(dirty);
}

/** The document was saved as a template or replaced by one: nothing is unsaved, the draft is gone. */
export function markClean(): void {
  $dirty.set(false);
  localStorage.removeItem(AUTOSAVE.storageKey);
}

/**
 * Keeps the working document in localStorage while it holds unsaved work, a moment after each
 * change; paused while an earlier draft waits to be restored or discarded, so typing never
 * overwrites it. Returns the stop function.
 */
export function startAutosave(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    if (!$dirty.get() || $restoreOffer.get()) return;
    const document = {
      documentSettings: $settings.get(),
      documentContent: $content.get(),
      editorHTML: $editorHtml.get(),
    };
    try {
      localStorage.setItem(AUTOSAVE.storageKey, serializeDraft(document, new Date()));
    } catch (error) {
      // A full storage (a large logo) must not break editing; the leave guard still protects the work.
      console.error("The proposal draft could not be kept in this browser:", error);
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(write, AUTOSAVE.debounceMs);
  };
  const stops = [$settings, $content, $editorHtml, $dirty].map((store) => store.listen(schedule));
  // Leaving right after a keystroke must not lose the last few characters.
  window.addEventListener("pagehide", write);
  return () => {
    clearTimeout(timer);
    stops.forEach((stop) => stop());
    window.removeEventListener("pagehide", write);
  };
}

/** Offers the draft an earlier visit left, if any. */
export function checkForDraft(): void {
  $restoreOffer.set(parseDraft(localStorage.getItem(AUTOSAVE.storageKey)));
}

/** Puts the offered draft back; it is still unsaved work. */
export async function restoreDraft(): Promise<void> {
  const draft = $restoreOffer.get();
  if (!draft) return;
  $restoreOffer.set(null);
  await replaceDocument(draft.document, { dirty: true });
}

/** Throws the offered draft away. */
export function discardDraft(): void {
  $restoreOffer.set(null);
  localStorage.removeItem(AUTOSAVE.storageKey);
}

/** Asks before the page is left with unsaved work (the browser's own prompt). Returns the stop function. */
export function guardUnsavedWork(): () => void {
  const ask = (event: BeforeUnloadEvent) => {
    if (!$dirty.get()) return;
    event.preventDefault();
    // Older browsers show the prompt only when returnValue is set.
    event.returnValue = "";
  };
  window.addEventListener("beforeunload", ask);
  return () => window.removeEventListener("beforeunload", ask);
}

/** Prints the document alone (proposal.css hides everything else). */
export function printProposal(): void {
  window.print();
}
