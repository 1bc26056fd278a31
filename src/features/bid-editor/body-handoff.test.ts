// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { bodySelection, nodeAt, pendingKey, pointIn, type KeyStroke } from "./body-handoff";

const body = () => {
  const root = document.createElement("div");
  root.innerHTML = "<h2>Scope</h2><ul><li><p><strong>Walls:</strong> two coats</p></li></ul>";
  return root;
};

describe("points in the body", () => {
  it("finds a node again by its path, in the same tree or an identical one", () => {
    const root = body();
    const text = root.querySelector("li p")!.lastChild!;
    const point = pointIn(root, text, 4)!;
    expect(point).toEqual({ path: [1, 0, 0, 1], offset: 4 });
    expect(nodeAt(root, point.path)).toBe(text);
    expect(nodeAt(body(), point.path)!.textContent).toBe(" two coats");
  });

  it("has no path for a node outside the body, and no node for a path the tree lacks", () => {
    expect(pointIn(body(), document.createTextNode("elsewhere"), 0)).toBeNull();
    expect(nodeAt(body(), [5, 0])).toBeNull();
  });

  it("reads the document selection only when both ends are in the body", () => {
    const root = body();
    document.body.append(root);
    const selection = document.getSelection()!;
    const range = document.createRange();
    range.setStart(root.querySelector("h2")!.firstChild!, 1);
    range.setEnd(root.querySelector("strong")!.firstChild!, 3);
    selection.removeAllRanges();
    selection.addRange(range);
    expect(bodySelection(root, selection)).toEqual({
      anchor: { path: [0, 0], offset: 1 },
      head: { path: [1, 0, 0, 0, 0], offset: 3 },
    });
    range.setEnd(document.body, 0);
    range.setStart(document.body, 0);
    selection.removeAllRanges();
    selection.addRange(range);
    expect(bodySelection(root, selection)).toBeNull();
    expect(bodySelection(root, null)).toBeNull();
    root.remove();
  });
});

const stroke = (key: string, mods: Partial<KeyStroke> = {}): KeyStroke => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe("keys pressed before the editor arrives", () => {
  it.each([
    ["a letter", stroke("a"), { kind: "text", text: "a" }],
    ["a capital", stroke("A", { shiftKey: true }), { kind: "text", text: "A" }],
    ["a space", stroke(" "), { kind: "text", text: " " }],
    ["an Option character", stroke("ø", { altKey: true }), { kind: "text", text: "ø" }],
    ["an AltGr character", stroke("€", { ctrlKey: true, altKey: true }), { kind: "text", text: "€" }],
    ["Enter", stroke("Enter"), { kind: "key", ...stroke("Enter") }],
    ["Backspace", stroke("Backspace"), { kind: "key", ...stroke("Backspace") }],
    ["Delete", stroke("Delete"), { kind: "key", ...stroke("Delete") }],
    ["Ctrl+B", stroke("b", { ctrlKey: true }), { kind: "key", ...stroke("b", { ctrlKey: true }) }],
    ["Cmd+I", stroke("i", { metaKey: true }), { kind: "key", ...stroke("i", { metaKey: true }) }],
  ])("keeps %s for the editor", (_name, key, kept) => {
    expect(pendingKey(key)).toEqual(kept);
  });

  it.each([
    ["Tab (focus moves on)", stroke("Tab")],
    ["an arrow (the caret moves in the static body)", stroke("ArrowRight", { shiftKey: true })],
    ["End", stroke("End")],
    ["Shift alone", stroke("Shift", { shiftKey: true })],
    ["Ctrl+C (copies the static text)", stroke("c", { ctrlKey: true })],
    ["Ctrl+V (arrives as a paste event)", stroke("v", { ctrlKey: true })],
  ])("leaves %s to the browser", (_name, key) => {
    expect(pendingKey(key)).toBeNull();
  });
});
