/**
 * The proposal body before its editing engine arrives. The page shows the body as static HTML and loads
 * the engine on the first focus, key or paste in it (or a toolbar button); what the person did meanwhile
 * is kept here, so the editor that takes the static body's place starts from the same selection and
 * receives the same keys. Pure DOM, no engine: the engine side is `handOver` in body-editor.ts.
 */

/** A point in the body: child indexes from the body's element down to a node, and the offset in it. */
export interface BodyPoint {
  path: number[];
  offset: number;
}

/** A selection in the static body, as points that can be walked again in the editor's DOM. */
export interface BodySelection {
  anchor: BodyPoint;
  head: BodyPoint;
}

/** Input that reached the static body before the editor could take it. */
export type PendingInput =
  | { kind: "text"; text: string }
  | { kind: "key"; key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }
  | { kind: "paste"; html: string; text: string };

/** The keydown fields that decide what a key does. */
export type KeyStroke = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">;

/** The path from `root` to `node`, or null when `node` is not inside `root`. */
export function pointIn(root: Node, node: Node, offset: number): BodyPoint | null {
  const path: number[] = [];
  for (let at: Node = node; at !== root; at = at.parentNode!) {
    if (!at.parentNode) return null;
    path.unshift(Array.prototype.indexOf.call(at.parentNode.childNodes, at));
  }
  return { path, offset };
}

/** The node `path` leads to from `root`, or null when the tree has no such node. */
export function nodeAt(root: Node, path: readonly number[]): Node | null {
  let at: Node | undefined = root;
  for (const index of path) at = at?.childNodes[index];
  return at ?? null;
}

/** The document selection when both of its ends are inside `root`; null otherwise. */
export function bodySelection(root: Node, selection: Selection | null): BodySelection | null {
  if (!selection?.anchorNode || !selection.focusNode) return null;
  const anchor = pointIn(root, selection.anchorNode, selection.anchorOffset);
  const head = pointIn(root, selection.focusNode, selection.focusOffset);
  return anchor && head ? { anchor, head } : null;
}

/** Shortcuts the browser keeps: copying a selection works on static text too, and a paste arrives as its own event. */
const BROWSER_SHORTCUTS = new Set(["c", "v", "x"]);
/** Keys that edit: what the editor's keymap does with them (new paragraph, delete). */
const EDITING_KEYS = new Set(["Enter", "Backspace", "Delete"]);

/**
 * What to keep of a key pressed in the static body: typed text, an editing key or a shortcut (Ctrl+B).
 * Null for keys the browser should handle as usual: Tab, arrows, modifiers alone, copy.
 */
export function pendingKey(stroke: KeyStroke): PendingInput | null {
  const { key, ctrlKey, metaKey, altKey, shiftKey } = stroke;
  // Option (macOS) and AltGr (Ctrl+Alt on Windows) type characters; Ctrl or Cmd alone make shortcuts.
  const modified = (ctrlKey || metaKey) && !(ctrlKey && altKey);
  if (!modified && key.length === 1) return { kind: "text", text: key };
  if (EDITING_KEYS.has(key) || (modified && key.length === 1 && !BROWSER_SHORTCUTS.has(key.toLowerCase())))
    return { kind: "key", key, ctrlKey, metaKey, altKey, shiftKey };
  return null;
}
