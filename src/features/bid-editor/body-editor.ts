/**
 * The proposal body's editing engine: Tiptap 3 on ProseMirror, loaded on demand. Its schema is the
 * first allow-list: only the nodes and marks below can exist, whatever is pasted or loaded; the
 * sanitiser's body profile (DOMPurify, lib/sanitize.ts) is the second, on the HTML before it is parsed.
 */
import { Editor, Mark, mergeAttributes, Node } from "@tiptap/core";
import { Bold } from "@tiptap/extension-bold";
import { Document } from "@tiptap/extension-document";
import { HardBreak } from "@tiptap/extension-hard-break";
import { Heading } from "@tiptap/extension-heading";
import { Italic } from "@tiptap/extension-italic";
import { BulletList, ListItem, ListKeymap, OrderedList } from "@tiptap/extension-list";
import { Paragraph } from "@tiptap/extension-paragraph";
import { Text } from "@tiptap/extension-text";
import TextAlign from "@tiptap/extension-text-align";
import { Underline } from "@tiptap/extension-underline";
import { Dropcursor, Gapcursor, UndoRedo } from "@tiptap/extensions";
import { TextSelection } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { TEXT_SIZES } from "./constants";
import { sanitizeBodyHtml } from "./body-sanitize";
import { nodeAt, type BodyPoint, type BodySelection, type PendingInput } from "./body-handoff";

export type TextSize = (typeof TEXT_SIZES)[keyof typeof TEXT_SIZES];

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    textSize: {
      /** Small (1) or large (5) text on the selection; normal (3) removes the mark. */
      setTextSize: (size: TextSize) => ReturnType;
    };
  }
}

/** The small and large text sizes as a mark, `<span data-size="1|5">`; proposal.css sizes it from the body font. */
const TextSizeMark = Mark.create({
  name: "textSize",
  addAttributes() {
    return {
      size: {
        default: TEXT_SIZES.large,
        parseHTML: (element) => Number(element.getAttribute("data-size")),
        renderHTML: (attributes) => ({ "data-size": String(attributes.size) }),
      },
    };
  },
  parseHTML() {
    return [TEXT_SIZES.small, TEXT_SIZES.large].map((size) => ({ tag: `span[data-size="${size}"]` }));
  },
  renderHTML({ HTMLAttributes }) {
    return ["span", mergeAttributes(HTMLAttributes), 0];
  },
  addCommands() {
    return {
      setTextSize:
        (size) =>
        ({ commands }) =>
          size === TEXT_SIZES.normal ? commands.unsetMark(this.name) : commands.setMark(this.name, { size }),
    };
  },
});

/** Inclusions and Exclusions side by side: a block of exactly two columns. */
const Columns = Node.create({
  name: "columns",
  group: "block",
  content: "column column",
  isolating: true,
  parseHTML: () => [{ tag: 'div[data-type="columns"]' }],
  renderHTML: () => ["div", { "data-type": "columns" }, 0],
});

const Column = Node.create({
  name: "column",
  content: "block+",
  isolating: true,
  parseHTML: () => [{ tag: 'div[data-type="column"]' }],
  renderHTML: () => ["div", { "data-type": "column" }, 0],
});

/** What the toolbar shows as pressed for the current selection. */
export interface FormatState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  bulletList: boolean;
  orderedList: boolean;
  align: "left" | "center" | "right";
  size: TextSize;
}

/** Reads the toolbar's state from the editor's selection. */
export function formatState(editor: Editor): FormatState {
  const align = (["center", "right"] as const).find((a) => editor.isActive({ textAlign: a })) ?? "left";
  const size = editor.isActive("textSize", { size: TEXT_SIZES.small })
    ? TEXT_SIZES.small
    : editor.isActive("textSize", { size: TEXT_SIZES.large })
      ? TEXT_SIZES.large
      : TEXT_SIZES.normal;
  return {
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    underline: editor.isActive("underline"),
    bulletList: editor.isActive("bulletList"),
    orderedList: editor.isActive("orderedList"),
    align,
    size,
  };
}

/** The toolbar's commands, each run on the current selection with the focus kept in the body. */
export const formatCommands = {
  bold: (e: Editor) => e.chain().focus().toggleBold().run(),
  italic: (e: Editor) => e.chain().focus().toggleItalic().run(),
  underline: (e: Editor) => e.chain().focus().toggleUnderline().run(),
  bulletList: (e: Editor) => e.chain().focus().toggleBulletList().run(),
  orderedList: (e: Editor) => e.chain().focus().toggleOrderedList().run(),
  alignLeft: (e: Editor) => e.chain().focus().setTextAlign("left").run(),
  alignCenter: (e: Editor) => e.chain().focus().setTextAlign("center").run(),
  alignRight: (e: Editor) => e.chain().focus().setTextAlign("right").run(),
  small: (e: Editor) => e.chain().focus().setTextSize(TEXT_SIZES.small).run(),
  normal: (e: Editor) => e.chain().focus().setTextSize(TEXT_SIZES.normal).run(),
  large: (e: Editor) => e.chain().focus().setTextSize(TEXT_SIZES.large).run(),
} as const;

export type FormatCommand = keyof typeof formatCommands;

export interface BodyEditorOptions {
  element: HTMLElement;
  /** The starting HTML; sanitised here before it is parsed. */
  html: string;
  /** Called with the serialised HTML after each edit. */
  onChange: (html: string) => void;
  /** Called after every transaction (selection moves too), for the toolbar. */
  onSelection: (state: FormatState) => void;
}

/** Mounts the body editor in `element`. */
export function createBodyEditor({ element, html, onChange, onSelection }: BodyEditorOptions): Editor {
  const editor = new Editor({
    element,
    extensions: [
      // StarterKit's extensions that the toolbar and the sample use, in its order, and no others: no links,
      // code, quotes, rules or strike, and no trailing paragraph (it would add a line to the printed page).
      Bold,
      BulletList,
      Document,
      Dropcursor,
      Gapcursor,
      HardBreak,
      Heading.configure({ levels: [2, 3] }),
      UndoRedo,
      Italic,
      ListItem,
      ListKeymap,
      OrderedList,
      Paragraph,
      Text,
      Underline,
      TextAlign.configure({ types: ["heading", "paragraph"], alignments: ["left", "center", "right"] }),
      TextSizeMark,
      Columns,
      Column,
    ],
    content: sanitizeBodyHtml(html),
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": "Proposal body",
        class: "proposal-body",
        spellcheck: "true",
      },
      // Pasted HTML goes through the same allow-list before ProseMirror parses it.
      transformPastedHTML: sanitizeBodyHtml,
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
    onTransaction: ({ editor: e }) => onSelection(formatState(e)),
  });
  onSelection(formatState(editor));
  return editor;
}

/** What the static body saw before the editor took its place (see body-handoff.ts). */
export interface Handoff {
  /** The static body, still in the page (hidden), whose nodes the selection's paths lead to. */
  staticBody: HTMLElement;
  selection: BodySelection | null;
  pending: readonly PendingInput[];
  /** Whether the person was in the body (focus, a key, a paste), so the editor takes the focus. */
  focus: boolean;
}

/**
 * Gives the editor, just mounted where the static body was, the selection made there and the input that
 * arrived meanwhile. Both render the same HTML the same way, so a point is found again by its path; a
 * point whose node differs (the HTML was not yet in the editor's own form) is left out, and the caret
 * then starts where the editor puts it.
 */
export function handOver(editor: Editor, { staticBody, selection, pending, focus }: Handoff): void {
  const { view } = editor;
  const position = ({ path, offset }: BodyPoint): number | null => {
    const before = nodeAt(staticBody, path);
    const after = nodeAt(view.dom, path);
    if (!before || !after || before.nodeName !== after.nodeName || before.textContent !== after.textContent)
      return null;
    try {
      return view.posAtDOM(after, offset);
    } catch {
      return null;
    }
  };
  const anchor = selection && position(selection.anchor);
  const head = selection && position(selection.head);
  if (anchor !== null && head !== null) {
    const { doc } = view.state;
    view.dispatch(view.state.tr.setSelection(TextSelection.between(doc.resolve(anchor), doc.resolve(head))));
  }
  if (focus) view.focus();
  for (const input of pending) replay(view, input);
}

/** One input as if it had reached the editor: text through the input rules, keys through the keymaps, a paste through the sanitiser. */
function replay(view: EditorView, input: PendingInput): void {
  if (input.kind === "paste") {
    if (input.html) view.pasteHTML(input.html);
    else view.pasteText(input.text);
  } else if (input.kind === "text") {
    const { from, to } = view.state.selection;
    const insert = () => view.state.tr.insertText(input.text, from, to);
    if (!view.someProp("handleTextInput", (f) => f(view, from, to, input.text, insert))) view.dispatch(insert());
  } else {
    const { kind: _kind, ...keys } = input;
    const event = new KeyboardEvent("keydown", { ...keys, bubbles: true, cancelable: true });
    if (view.someProp("handleKeyDown", (f) => f(view, event))) return;
    // Inside a text the keymaps leave deleting a character to the browser: do it here.
    const { empty, $from, from } = view.state.selection;
    if (!empty || (input.key !== "Backspace" && input.key !== "Delete")) return;
    const backward = input.key === "Backspace";
    if (backward ? $from.parentOffset > 0 : $from.parentOffset < $from.parent.content.size)
      view.dispatch(backward ? view.state.tr.delete(from - 1, from) : view.state.tr.delete(from, from + 1));
  }
}

/** Replaces the body (a loaded template or a restored draft), sanitised, without counting as an edit. */
export function replaceBody(editor: Editor, html: string): void {
  editor.commands.setContent(sanitizeBodyHtml(html), { emitUpdate: false });
}

/** The body's HTML as the editor serialises it, sanitised for saving. */
export function bodyHtml(editor: Editor): string {
  return sanitizeBodyHtml(editor.getHTML());
}

export type { Editor };
