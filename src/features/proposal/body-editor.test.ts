// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import {
  createBodyEditor,
  formatCommands,
  formatState,
  replaceBody,
  type Editor,
  type FormatState,
} from "./body-editor";
import { SAMPLE_BODY_HTML } from "./sample-body";
import { XSS_PAYLOADS } from "./xss-payloads";

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

  it("normal text removes the size mark (spec size 3 is the body font)", () => {
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
