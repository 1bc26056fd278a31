import { afterEach, describe, expect, test, vi } from "vitest";
import { TOAST_SETTINGS } from "~/config/ui";
import { $toasts, dismissToast, toast, toastReducer, type ToastItem } from "./toast";

const item = (id: string, open = true): ToastItem => ({ id, open, title: id });

describe("toastReducer", () => {
  test("add puts the newest first and keeps at most the limit", () => {
    expect(toastReducer([item("a")], { type: "add", toast: item("b") }, 1)).toEqual([item("b")]);
    expect(toastReducer([item("a")], { type: "add", toast: item("b") }, 3)).toEqual([item("b"), item("a")]);
  });
  test("the spec's limit is one visible toast", () => {
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
  test.each([
    ["one", "a", [item("b")]],
    ["all", undefined, []],
  ])("remove %s", (_name, id, expected) => {
    expect(toastReducer([item("a"), item("b")], { type: "remove", id }, 5)).toEqual(expected);
  });
});

describe("toast store", () => {
  afterEach(() => vi.useRealTimers());

  test("toast() replaces the visible toast, dismissToast() closes it and removes it after the delay", () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const stop = $toasts.subscribe((list) => seen.push(list.length));
    toast({ title: "first" });
    const id = toast({ title: "second", description: "d", variant: "destructive" });
    expect($toasts.get()).toEqual([{ id, open: true, title: "second", description: "d", variant: "destructive" }]);
    dismissToast(id);
    expect($toasts.get()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_SETTINGS.removeDelayMs);
    expect($toasts.get()).toEqual([]);
    stop();
    expect(seen.at(-1)).toBe(0);
  });
});
