// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import {
  createBodyEditor,
  formatCommands,
  formatState,
  handOver,
  replaceBody,
  type Editor,
  type FormatState,
} from "./body-editor";
import { bodySelection, type PendingInput } from "./body-handoff";
import { SAMPLE_BODY_HTML } from "./sample-body";
import { XSS_PAYLOADS } from "../../../test/fixtures/xss-payloads";

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

function mount(html: string) {
  const changes: string[] = [];
  const states: FormatState[] = [];
  const element = document.createElement("div");
  document.body.append(element);
  editor = createBodyEditor({
    element,
    html,
    onChange: (h) => changes.push(h),
    onSelection: (s) => states.push(s),
  });
  return { editor, changes, states };
}

/** Selects the text of the first top-level node whose text starts with `text`. */
function selectText(e: Editor, text: string) {
  let range: { from: number; to: number } | undefined;
  e.state.doc.descendants((node, pos) => {
    if (!range && node.isTextblock && node.textContent.startsWith(text))
      range = { from: pos + 1, to: pos + 1 + text.length };
    return !range;
  });
  e.commands.setTextSelection(range!);
}

describe("the body editor (Tiptap)", () => {
  it("serialises the sample exactly as it was given: the schema holds everything the sample uses", () => {
    expect(mount(SAMPLE_BODY_HTML).editor.getHTML()).toBe(SAMPLE_BODY_HTML);
  });

  it.each([
    ["bold", "<strong>Alpha</strong>"],
    ["italic", "<em>Alpha</em>"],
    ["underline", "<u>Alpha</u>"],
    ["small", '<span data-size="1">Alpha</span>'],
    ["large", '<span data-size="5">Alpha</span>'],
  ] as const)("%s wraps the selection in %s and shows as active", (command, markup) => {
    const { editor: e, changes } = mount("<p>Alpha beta</p>");
    selectText(e, "Alpha");
    formatCommands[command](e);
    expect(e.getHTML()).toBe(`<p>${markup} beta</p>`);
    expect(changes.at(-1)).toBe(e.getHTML());
    const state = formatState(e);
    if (command === "small") expect(state.size).toBe(1);
    else if (command === "large") expect(state.size).toBe(5);
    else expect(state[command]).toBe(true);
  });

  it("normal text removes the size mark (size 3 is the body font)", () => {
    const { editor: e } = mount('<p><span data-size="5">Alpha</span> beta</p>');
    selectText(e, "Alpha");
    expect(formatState(e).size).toBe(5);
    formatCommands.normal(e);
    expect(e.getHTML()).toBe("<p>Alpha beta</p>");
    expect(formatState(e).size).toBe(3);
  });

  it.each([
    ["bulletList", "<ul><li><p>Alpha beta</p></li></ul>"],
    ["orderedList", "<ol><li><p>Alpha beta</p></li></ol>"],
    ["alignCenter", '<p style="text-align: center;">Alpha beta</p>'],
    ["alignRight", '<p style="text-align: right;">Alpha beta</p>'],
  ] as const)("%s turns the paragraph into %s", (command, html) => {
    const { editor: e } = mount("<p>Alpha beta</p>");
    selectText(e, "Alpha");
    formatCommands[command](e);
    expect(e.getHTML()).toBe(html);
  });

  it("reports the active states of the caret's position", () => {
    const { editor: e } = mount(
      '<ul><li><p><strong>Bold</strong> plain</p></li></ul><p style="text-align: right">R</p>',
    );
    selectText(e, "Bold");
    expect(formatState(e)).toMatchObject({ bold: true, bulletList: true, orderedList: false, align: "left" });
    selectText(e, "R");
    expect(formatState(e)).toMatchObject({ bold: false, bulletList: false, align: "right" });
  });

  it.each(XSS_PAYLOADS)("replacing the body with %s leaves nothing active and is not an edit", (payload) => {
    const { editor: e, changes } = mount("<p>start</p>");
    replaceBody(e, `<p>kept</p>${payload}`);
    expect(e.getHTML()).not.toMatch(/<(img|svg|math|script|iframe|a|style|object)\b|on\w+=|javascript:/i);
    expect(e.getHTML()).toContain("<p>kept</p>");
    expect(changes).toEqual([]);
  });

  it("drops what the toolbar cannot make even when it passes the sanitiser: the schema is the first allow-list", () => {
    const { editor: e } = mount("<h1>Big</h1><blockquote><p>q</p></blockquote><p><s>s</s><code>c</code></p>");
    expect(e.getHTML()).toBe("<p>Big</p><p>q</p><p>sc</p>");
  });
});

describe("the hand-over from the static body", () => {
  // jsdom has no layout; ProseMirror measures ranges when it scrolls the caret into view.
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  // Nor clipboard events, which ProseMirror's paste makes when it is handed HTML.
  globalThis.ClipboardEvent ??= class extends Event {} as unknown as typeof ClipboardEvent;

  /** The static body as the page shows it before the engine: the same HTML, with `text` selected in it. */
  function staticBody(html: string, selected?: { in: string; from: number; to: number }) {
    const element = document.createElement("div");
    element.innerHTML = html;
    document.body.append(element);
    if (selected) {
      const text = [...element.querySelectorAll("*")].findLast((el) => el.textContent === selected.in)!.firstChild!;
      const range = document.createRange();
      range.setStart(text, selected.from);
      range.setEnd(text, selected.to);
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
    }
    return { element, selection: bodySelection(element, document.getSelection()) };
  }

  const selectedText = (e: Editor) => e.state.doc.textBetween(e.state.selection.from, e.state.selection.to);
  const key = (k: string, mods: Partial<Record<"ctrlKey" | "shiftKey", boolean>> = {}): PendingInput => ({
    kind: "key",
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });

  it("keeps the selection made in the static body, in the sample's lists too", () => {
    const { element, selection } = staticBody(SAMPLE_BODY_HTML, { in: "Unit ceilings:", from: 5, to: 13 });
    const { editor: e } = mount(SAMPLE_BODY_HTML);
    handOver(e, { staticBody: element, selection, pending: [], focus: false });
    expect(selectedText(e)).toBe("ceilings");
    element.remove();
  });

  it("types what was typed meanwhile at the caret, in order, with the editing keys", () => {
    const { element, selection } = staticBody("<p>Alpha beta</p>", { in: "Alpha beta", from: 5, to: 5 });
    const { editor: e, changes } = mount("<p>Alpha beta</p>");
    const typed: PendingInput[] = [..." gamma"].map((text) => ({ kind: "text", text }));
    const edits = [...typed, key("Backspace"), key("Enter"), key("Delete")];
    handOver(e, { staticBody: element, selection, pending: edits, focus: true });
    expect(e.getHTML()).toBe("<p>Alpha gamm</p><p>beta</p>");
    expect(changes.at(-1)).toBe(e.getHTML());
    element.remove();
  });

  it("applies a shortcut pressed on the selection (Ctrl+B)", () => {
    const { element, selection } = staticBody("<p>Alpha beta</p>", { in: "Alpha beta", from: 0, to: 5 });
    const { editor: e } = mount("<p>Alpha beta</p>");
    handOver(e, { staticBody: element, selection, pending: [key("b", { ctrlKey: true })], focus: true });
    expect(e.getHTML()).toBe("<p><strong>Alpha</strong> beta</p>");
    element.remove();
  });

  it("pastes what was pasted meanwhile through the sanitiser", () => {
    const { element, selection } = staticBody("<p>Alpha beta</p>", { in: "Alpha beta", from: 6, to: 10 });
    const { editor: e } = mount("<p>Alpha beta</p>");
    const html = '<b onclick="window.__pwned=1">bold</b><img src=x onerror="window.__pwned=2"><script>x()</script>';
    handOver(e, { staticBody: element, selection, pending: [{ kind: "paste", html, text: "bold" }], focus: true });
    expect(e.getHTML()).toBe("<p>Alpha <strong>bold</strong></p>");
    element.remove();
  });

  it("leaves the caret to the editor where the static HTML was not in the editor's form", () => {
    const { element, selection } = staticBody("<div><p>Alpha beta</p></div>", { in: "Alpha beta", from: 2, to: 4 });
    const { editor: e } = mount("<div><p>Alpha beta</p></div>");
    const before = e.state.selection.toJSON();
    handOver(e, { staticBody: element, selection, pending: [], focus: false });
    expect(e.state.selection.toJSON()).toEqual(before);
    element.remove();
  });
});
