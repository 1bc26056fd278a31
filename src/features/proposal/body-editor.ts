/**
 * The proposal body's editing engine (issue 9): Tiptap 3 on ProseMirror, loaded on demand. Its schema
 * is the first allow-list: only the nodes and marks below can exist, whatever is pasted or loaded;
 * DOMPurify (sanitize.ts) is the second, on the HTML before it is parsed.
 */
import { Editor, Mark, mergeAttributes, Node } from "@tiptap/core";
import TextAlign from "@tiptap/extension-text-align";
import StarterKit from "@tiptap/starter-kit";
import { TEXT_SIZES } from "~/config/proposal";
import { sanitizeEditorHtml } from "./sanitize";

export type TextSize = (typeof TEXT_SIZES)[keyof typeof TEXT_SIZES];

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    textSize: {
      /** Small (1) or large (5) text on the selection; normal (3) removes the mark. */
      setTextSize: (size: TextSize) => ReturnType;
    };
  }
}

/** Spec 9's text sizes as a mark, `<span data-size="1|5">`; proposal.css sizes it relative to the body font. */
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

/** Inclusions and Exclusions side by side (spec 2): a block of exactly two columns. */
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
      StarterKit.configure({
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: false,
        // A blank paragraph after every list or column block would add a line to the printed page.
        trailingNode: false,
        heading: { levels: [2, 3] },
      }),
      TextAlign.configure({ types: ["heading", "paragraph"], alignments: ["left", "center", "right"] }),
      TextSizeMark,
      Columns,
      Column,
    ],
    content: sanitizeEditorHtml(html),
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": "Proposal body",
        class: "proposal-body",
        spellcheck: "true",
      },
      // Pasted HTML goes through the same allow-list before ProseMirror parses it.
      transformPastedHTML: sanitizeEditorHtml,
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
    onTransaction: ({ editor: e }) => onSelection(formatState(e)),
  });
  onSelection(formatState(editor));
  return editor;
}

/** Replaces the body (a loaded template or a restored draft), sanitised, without counting as an edit. */
export function replaceBody(editor: Editor, html: string): void {
  editor.commands.setContent(sanitizeEditorHtml(html), { emitUpdate: false });
}

/** The body's HTML as the editor serialises it, sanitised for saving. */
export function bodyHtml(editor: Editor): string {
  return sanitizeEditorHtml(editor.getHTML());
}

export type { Editor };
