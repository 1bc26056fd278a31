/**
 * A list shown page by page: its first page comes from a fetcher store (fetched again when its key changes or it
 * is reloaded), "Load more" appends the next. The later pages, and changes the screen makes to the list, belong
 * to the first page they extend: a first page fetched again starts over from that page, and a later page that
 * comes back after it is dropped.
 */
import type { FetcherStore } from "@nanostores/query";
import { atom, computed } from "nanostores";
import { toast, type ToastMessage } from "~/lib/toast";

/** What a paged list shows: loading its first page, ready, or failed (with the error to show). */
export interface PagedList<T> {
  status: "loading" | "ready" | "error";
  error?: Error;
  items: T[];
  /** Whether a further page may exist. */
  hasMore: boolean;
  loadingMore: boolean;
}

/** Appends a later page, skipping any item already shown (an item may move between pages while staff work). */
export function appendPage<T extends { id: string }>(shown: readonly T[], page: readonly T[]): T[] {
  const seen = new Set(shown.map((item) => item.id));
  return [...shown, ...page.filter((item) => !seen.has(item.id))];
}

interface PagedListOptions<Page, T> {
  /** The first page, fetched by the fetcher context. */
  firstPage: FetcherStore<Page>;
  /** A page's items and the cursor of the page after it (null on the last page). */
  read: (page: Page) => { items: T[]; next: string | null };
  /** Fetches the page after `next`, the items shown so far at hand. */
  fetchNext: (next: string, shown: readonly T[]) => Promise<Page>;
  /** The toast when a later page could not be loaded (the items shown stay). */
  failed: ToastMessage;
}

interface Shown<Page, T> {
  base: Page;
  items: T[];
  next: string | null;
  loadingMore: boolean;
}

/** A paged list's store, its "Load more", and `edit` for changes the screen makes to the items shown. */
export function createPagedList<Page, T extends { id: string }>(options: PagedListOptions<Page, T>) {
  const { firstPage, read, fetchNext, failed } = options;
  const $shown = atom<Shown<Page, T> | null>(null);

  /** The shown state for the current first page, or undefined before it is in. */
  const current = (): Shown<Page, T> | undefined => {
    const base = firstPage.get().data;
    if (base === undefined) return undefined;
    const shown = $shown.get();
    return shown?.base === base ? shown : { base, ...read(base), loadingMore: false };
  };

  const $list = computed([firstPage, $shown], ({ data, error }): PagedList<T> => {
    if (error) return { status: "error", error: error as Error, items: [], hasMore: false, loadingMore: false };
    if (data === undefined) return { status: "loading", items: [], hasMore: false, loadingMore: false };
    const { items, next, loadingMore } = current()!;
    return { status: "ready", items, hasMore: next !== null, loadingMore };
  });

  /** Changes the list as shown (and keeps later pages): an update made here, or its undoing. */
  function edit(change: (items: T[]) => T[]): void {
    const shown = current();
    if (shown) $shown.set({ ...shown, items: change(shown.items) });
  }

  /** Fetches the page after the last one shown; a failure keeps the list and says so in a toast. */
  async function loadMore(): Promise<void> {
    const shown = current();
    if (!shown || shown.next === null || shown.loadingMore || shown.items.length === 0) return;
    const { base, next } = shown;
    $shown.set({ ...shown, loadingMore: true });
    // A page that comes back after the first page was fetched again extends a list no longer shown.
    const stillShown = () => firstPage.get().data === base;
    try {
      const page = read(await fetchNext(next, shown.items));
      if (!stillShown()) return;
      const now = current()!;
      $shown.set({ base, items: appendPage(now.items, page.items), next: page.next, loadingMore: false });
    } catch {
      if (!stillShown()) return;
      $shown.set({ ...current()!, loadingMore: false });
      toast(failed);
    }
  }

  return { $list, loadMore, edit, reload: () => firstPage.invalidate() };
}

/** A paged list as a list screen's `items`, `error` and `more` (items undefined until the first page is in). */
export function pagedListProps<T>(list: PagedList<T>, loadMore: () => Promise<void>) {
  return {
    items: list.status === "ready" ? list.items : undefined,
    error: list.error,
    more: { hasMore: list.hasMore, loading: list.loadingMore, onLoad: () => void loadMore() },
  };
}
