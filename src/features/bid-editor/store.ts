/**
 * The proposal being edited: its settings, header content and body, whether it
 * holds unsaved work, the browser draft, and the actions that change them. The body shows as static
 * HTML until it is first edited; then its editing engine (Tiptap, with DOMPurify) is imported and
 * mounted in its place. Both live here, so components only render.
 */
import { atom } from "nanostores";
import { AUTOSAVE } from "./constants";
import type { DocumentContent, DocumentSettings, ProposalDocument } from "~/schemas/proposal-document";
import type { Editor, FormatCommand, FormatState } from "./body-editor";
import { bodySelection, type PendingInput } from "./body-handoff";
import { initialDocument, serializeDraft, withAmount, type AmountField, type BrowserDraft } from "./proposal";

const start = initialDocument(new Date());

export const $settings = atom<DocumentSettings>(start.documentSettings);
export const $content = atom<DocumentContent>(start.documentContent);
/** The body's HTML as last serialised by the editor (or as loaded, before the editor exists). */
export const $editorHtml = atom<string>(start.editorHTML);
/** True while the document holds changes not saved as a template (the leave guard asks then). */
const $dirty = atom(false);
/** The toolbar's pressed states; null until the editor has taken the static body's place. */
export const $format = atom<FormatState | null>(null);
/** A draft left by an earlier visit that the user may restore. */
export const $restoreOffer = atom<BrowserDraft | null>(null);
/**
 * The bid this document was last sent as, kept with the draft: sending again replaces that bid's link. A
 * loaded template is another document, so it starts without one.
 */
export const $bidId = atom<string | null>(null);
/** The lead this proposal answers ("Start a proposal" on a lead): the send links the bid to it. */
export const $leadId = atom<string | null>(null);
/** Whether the Send to client dialog is open (its code loads the first time it is). */
export const $sendOpen = atom(false);

type Engine = typeof import("./body-editor");
let engine: Promise<Engine> | undefined;
/** The mounted editor and the engine it came from. */
type Mounted = { editor: Editor; engine: Engine };
/** Null while the body is static. */
let active: Mounted | null = null;
let mounting: Promise<Mounted | null> | undefined;
/** Where the body is on the page: the editor mounts here, in the place of the static body inside it. */
let bodyHost: HTMLElement | null = null;
/** What reached the static body before the editor took its place. */
let pending: PendingInput[] = [];
/** True while a draft an earlier visit left is being read: autosave must not overwrite it meanwhile. */
let readingDraft = false;
/** Settles when no pointer is pressed on the static body: a click or a drag there has made its selection. */
let pointerReleased: Promise<void> = Promise.resolve();

/** The editing engine and its sanitiser, fetched the first time anything needs them. */
function loadEngine(): Promise<Engine> {
  engine ??= import("./body-editor");
  return engine;
}

/**
 * Registers the element the body lives in. The body shows as static HTML until `editBody` is first
 * called; returns the function that takes the editor down with the page.
 */
export function attachBody(host: HTMLElement): () => void {
  bodyHost = host;
  return () => {
    active?.editor.destroy();
    active = null;
    bodyHost = null;
    mounting = undefined;
    pending = [];
    $format.set(null);
  };
}

/**
 * Mounts the editor in the static body's place the first time it is needed (a focus, key or paste in
 * the body, or a toolbar button), with the selection made and the input typed before it arrived.
 */
export function editBody(): Promise<Mounted | null> {
  mounting ??= loadEngine().then(async (loaded) => {
    await pointerReleased;
    const staticBody = bodyHost?.querySelector<HTMLElement>("[data-static-body]");
    if (!bodyHost || !staticBody) {
      mounting = undefined;
      return null;
    }
    const selection = bodySelection(staticBody, document.getSelection());
    const focus = staticBody.contains(document.activeElement) || pending.length > 0;
    // Hidden at once, so the editor appears in its place; React removes it once $format is set.
    staticBody.hidden = true;
    const editor = loaded.createBodyEditor({
      element: bodyHost,
      html: $editorHtml.get(),
      onChange: (html) => {
        $editorHtml.set(html);
        $dirty.set(true);
      },
      onSelection: (state) => $format.set(state),
    });
    active = { editor, engine: loaded };
    loaded.handOver(editor, { staticBody, selection, pending: pending.splice(0), focus });
    return active;
  });
  return mounting;
}

/** A pointer went down on the static body: the editor mounts once it is released, and starts loading now. */
export function pressBody(): void {
  pointerReleased = new Promise((resolve) => {
    const stop = new AbortController();
    const release = () => {
      stop.abort();
      resolve();
    };
    for (const type of ["pointerup", "pointercancel"]) window.addEventListener(type, release, { signal: stop.signal });
  });
  void editBody();
}

/**
 * Keeps input the static body received (see body-handoff.ts) for the editor, and brings the editor in.
 * Typed text, an editing key or a paste is unsaved work from now on, before the editor has applied it;
 * a shortcut may change nothing (select all), so the editor decides that one.
 */
export function holdBodyInput(input: PendingInput): void {
  pending.push(input);
  if (input.kind !== "key" || !(input.ctrlKey || input.metaKey)) $dirty.set(true);
  void editBody();
}

/** Runs a toolbar command on the body's selection, bringing the editor in first if need be. */
export async function runFormat(command: FormatCommand): Promise<void> {
  const mounted = await editBody();
  mounted?.engine.formatCommands[command](mounted.editor);
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
  const { sanitizeBodyHtml } = await import("./body-sanitize");
  return {
    documentSettings: $settings.get(),
    documentContent: $content.get(),
    editorHTML: active ? active.engine.bodyHtml(active.editor) : sanitizeBodyHtml($editorHtml.get()),
  };
}

/**
 * Replaces the whole document (a loaded template, a restored draft). The body is sanitised right
 * before it is parsed into the page, whatever the caller did before.
 */
export async function replaceDocument(document: ProposalDocument, { dirty }: { dirty: boolean }): Promise<void> {
  const { sanitizeBodyHtml } = await import("./body-sanitize");
  $settings.set(document.documentSettings);
  $content.set(document.documentContent);
  if (active) {
    active.engine.replaceBody(active.editor, document.editorHTML);
    $editorHtml.set(active.editor.getHTML());
  } else {
    // The static body shows it; an editor mounted later starts from it.
    $editorHtml.set(sanitizeBodyHtml(document.editorHTML));
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
    // A sent document is kept too, so a later visit still knows which bid a new send replaces.
    if (!($dirty.get() || $bidId.get()) || $restoreOffer.get() || readingDraft) return;
    const document = {
      documentSettings: $settings.get(),
      documentContent: $content.get(),
      editorHTML: $editorHtml.get(),
    };
    try {
      localStorage.setItem(AUTOSAVE.storageKey, serializeDraft(document, new Date(), $bidId.get()));
    } catch (error) {
      // A full storage (a large logo) must not break editing; the leave guard still protects the work.
      console.error("The proposal draft could not be kept in this browser:", error);
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(write, AUTOSAVE.debounceMs);
  };
  const stops = [$settings, $content, $editorHtml, $dirty, $bidId].map((store) => store.listen(schedule));
  // Leaving right after a keystroke must not lose the last few characters.
  window.addEventListener("pagehide", write);
  return () => {
    clearTimeout(timer);
    stops.forEach((stop) => stop());
    window.removeEventListener("pagehide", write);
  };
}

/** Offers the draft an earlier visit left, if any; reading one loads the schemas it is checked with. */
export async function checkForDraft(): Promise<void> {
  const stored = localStorage.getItem(AUTOSAVE.storageKey);
  if (!stored) return;
  readingDraft = true;
  try {
    const { parseDraft } = await import("./stored-document");
    $restoreOffer.set(parseDraft(stored));
  } finally {
    readingDraft = false;
  }
}

/** Puts the offered draft back; it is still unsaved work. */
export async function restoreDraft(): Promise<void> {
  const draft = $restoreOffer.get();
  if (!draft) return;
  $restoreOffer.set(null);
  await replaceDocument(draft.document, { dirty: true });
  $bidId.set(draft.bidId ?? null);
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
