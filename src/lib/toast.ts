/**
 * The toaster store (shadcn's use-toast, spec 9 settings): a list of toasts, newest first, capped at
 * TOAST_SETTINGS.limit. Hand-written rather than nanostores so the public pages that load it ship no
 * store library; it keeps the nanostores shape ($name with get/subscribe) for the portal.
 */
import { useSyncExternalStore } from "react";
import type { ToastMessage } from "~/config/messages";
import { TOAST_SETTINGS } from "~/config/ui";

/** A toast in the store; `open` turns false on dismissal so the exit can play before removal. */
export interface ToastItem extends ToastMessage {
  id: string;
  open: boolean;
  /** Optional action button; `altText` says what it does for screen readers (Radix requires it). */
  action?: { label: string; altText: string; onClick: () => void };
}

export type ToastAction =
  | { type: "add"; toast: ToastItem }
  | { type: "dismiss"; id?: string }
  | { type: "remove"; id?: string };

/** Pure transition of the toast list; `limit` keeps only the newest toasts. */
export function toastReducer(state: readonly ToastItem[], action: ToastAction, limit: number = TOAST_SETTINGS.limit): ToastItem[] {
  switch (action.type) {
    case "add":
      return [action.toast, ...state].slice(0, limit);
    case "dismiss":
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case "remove":
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}

type Listener = (value: readonly ToastItem[]) => void;
let items: readonly ToastItem[] = [];
const listeners = new Set<Listener>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction): void {
  items = toastReducer(items, action);
  for (const listener of listeners) listener(items);
}

/** The toast list store. */
export const $toasts = {
  get: (): readonly ToastItem[] => items,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    listener(items);
    return () => listeners.delete(listener);
  },
};

/** Shows a toast and returns its id. */
export function toast(message: ToastMessage & Pick<ToastItem, "action">): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  dispatch({ type: "add", toast: { ...message, id, open: true } });
  return id;
}

/** Closes one toast (or all) and removes it from the store after the spec's removal delay. */
export function dismissToast(id?: string): void {
  dispatch({ type: "dismiss", id });
  for (const t of items) {
    if ((id !== undefined && t.id !== id) || removals.has(t.id)) continue;
    removals.set(
      t.id,
      setTimeout(() => {
        removals.delete(t.id);
        dispatch({ type: "remove", id: t.id });
      }, TOAST_SETTINGS.removeDelayMs),
    );
  }
}

const subscribe = (onChange: () => void) => $toasts.subscribe(onChange);
const getSnapshot = () => items;

/** React hook: the current toasts. */
export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
