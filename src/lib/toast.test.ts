import { describe, expect, test } from "vitest";
import { $toasts, dismissToast, toast, TOAST_SETTINGS, toastReducer, type ToastItem } from "./toast";

const item = (id: string, open = true): ToastItem => ({ id, open, title: id });

describe("toastReducer", () => {
  test("add puts the newest first and keeps at most the limit", () => {
    expect(toastReducer([item("a")], { type: "add", toast: item("b") }, 1)).toEqual([item("b")]);
    expect(toastReducer([item("a")], { type: "add", toast: item("b") }, 3)).toEqual([item("b"), item("a")]);
  });
  test("at most one toast is visible", () => {
    expect(TOAST_SETTINGS.limit).toBe(1);
    const state = ["a", "b", "c"].reduce<ToastItem[]>((s, id) => toastReducer(s, { type: "add", toast: item(id) }), []);
    expect(state.map((t) => t.id)).toEqual(["c"]);
  });
  test.each([
    ["one", "b", [item("a"), item("b", false)]],
    ["all", undefined, [item("a", false), item("b", false)]],
  ])("dismiss %s closes without removing", (_name, id, expected) => {
    expect(toastReducer([item("a"), item("b")], { type: "dismiss", id }, 5)).toEqual(expected);
  });
});

describe("toast store", () => {
  test("toast() replaces the visible toast and notifies; dismissToast() closes it", () => {
    const seen: (readonly ToastItem[])[] = [];
    const stop = $toasts.subscribe((list) => seen.push(list));
    toast({ title: "first" });
    const id = toast({ title: "second", description: "d", variant: "destructive" });
    expect($toasts.get()).toEqual([{ id, open: true, title: "second", description: "d", variant: "destructive" }]);
    dismissToast(id);
    expect($toasts.get()).toEqual([{ id, open: false, title: "second", description: "d", variant: "destructive" }]);
    stop();
    toast({ title: "unseen" });
    expect(seen).toHaveLength(3);
  });
});
