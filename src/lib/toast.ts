/**
 * The toaster store (shadcn's use-toast with TOAST_SETTINGS): the toasts, newest first, at most
 * TOAST_SETTINGS.limit of them. Hand-written rather than nanostores so the public contact page ships no
 * store library; it keeps the nanostores shape ($name with get/subscribe).
 */
import { useSyncExternalStore } from "react";

/** A toast's content. */
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** One toast at a time, 5 s on screen, swipe right past 50 px to dismiss, F8 focuses the viewport. */
export const TOAST_SETTINGS = {
  limit: 1,
  durationMs: 5000,
  /** How long a dismissed toast stays in the store; with a limit of one the next toast replaces it first. */
  removeDelayMs: 1_000_000,
  swipeDirection: "right",
  swipeThresholdPx: 50,
  hotkey: ["F8"],
  /** Viewport max width from `md` up; the class `md:max-w-[420px]` in components/ui/toast.tsx matches it. */
  viewportMaxWidthPx: 420,
} as const;

/** A toast in the store; `open` turns false on dismissal. */
export interface ToastItem extends ToastMessage {
  id: string;
  open: boolean;
  /** Optional action button. */
  action?: { label: string; onClick: () => void };
}

export type ToastAction = { type: "add"; toast: ToastItem } | { type: "dismiss"; id?: string };

/**
 * Pure transition of the toast list. Dismissed toasts stay (closed) until newer ones push them out:
 * with a limit of one that is the next toast, so the 1,000,000 ms removal delay never needs a timer.
 */
export function toastReducer(
  state: readonly ToastItem[],
  action: ToastAction,
  limit: number = TOAST_SETTINGS.limit,
): ToastItem[] {
  return action.type === "add"
    ? [action.toast, ...state].slice(0, limit)
    : state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
}

type Listener = (value: readonly ToastItem[]) => void;
let items: readonly ToastItem[] = [];
const listeners = new Set<Listener>();
let counter = 0;

function dispatch(action: ToastAction): void {
  items = toastReducer(items, action);
  listeners.forEach((listener) => listener(items));
}

/** The toast list store. */
export const $toasts = {
  get: (): readonly ToastItem[] => items,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Shows a toast and returns its id. */
export function toast(message: ToastMessage & Pick<ToastItem, "action">): string {
  const id = `toast-${++counter}`;
  dispatch({ type: "add", toast: { ...message, id, open: true } });
  return id;
}

/** Closes one toast, or all of them. */
export function dismissToast(id?: string): void {
  dispatch({ type: "dismiss", id });
}

const getSnapshot = () => items;

/** React hook: the current toasts. */
export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore($toasts.subscribe, getSnapshot, getSnapshot);
}
