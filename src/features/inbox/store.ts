/** Inbox state and actions: the listed messages page by page, the filter, and marking handled. */
import { atom, computed } from "nanostores";
import { createFetcherStore, FETCHED_EACH_TIME } from "~/features/portal/query";
import { adjustUnhandledCount } from "~/features/portal/session-store";
import { api, read } from "~/lib/api-client";
import { toast } from "~/lib/toast";
import type { ContactRecord } from "~/schemas/contact-record";
import {
  appendPage,
  INBOX_PAGE_SIZE,
  inboxQuery,
  withHandled,
  withNotificationRetried,
  type InboxFilter,
} from "./inbox";
import { inboxMessages } from "./messages";

export interface InboxState {
  messages: ContactRecord[];
  /** Loading the first page, ready, or failed (with the error to show). */
  status: "loading" | "ready" | "error";
  error?: Error;
  /** Whether a further page may exist (the last page was full). */
  hasMore: boolean;
  loadingMore: boolean;
}

/** One page of a view, newest first, older than `before` when given. */
const fetchInboxPage = (filter: InboxFilter, before?: string): Promise<ContactRecord[]> =>
  read(api.contacts.$get({ query: inboxQuery(filter, before) }));

/** The chosen view; choosing one shows its first page. */
export const $filter = atom<InboxFilter>("all");

/**
 * The chosen view's first page, fetched each time the view is chosen (others handle messages meanwhile);
 * an answer for a view left before it came back is dropped.
 */
const $firstPage = createFetcherStore<ContactRecord[]>(["inbox:", $filter], {
  ...FETCHED_EACH_TIME,
  fetcher: (_, filter) => fetchInboxPage(filter as InboxFilter),
});

/**
 * The list as shown once its first page is in: the later pages and the changes made here. It belongs to
 * the first page it extends (`base`); a first page fetched again starts over from that page.
 */
interface ShownList {
  base: ContactRecord[];
  messages: ContactRecord[];
  hasMore: boolean;
  loadingMore: boolean;
}
const $shown = atom<ShownList | null>(null);

export const $inbox = computed([$firstPage, $shown], ({ data, error }, shown): InboxState => {
  if (error) return { messages: [], status: "error", error: error as Error, hasMore: false, loadingMore: false };
  if (!data) return { messages: [], status: "loading", hasMore: false, loadingMore: false };
  if (shown?.base === data)
    return { messages: shown.messages, status: "ready", hasMore: shown.hasMore, loadingMore: shown.loadingMore };
  return { messages: data, status: "ready", hasMore: data.length === INBOX_PAGE_SIZE, loadingMore: false };
});

/** Ids with a handled change on its way to the server (their buttons wait). */
export const $pending = atom<ReadonlySet<string>>(new Set());

/** Shows `filter`'s view, its first page fetched afresh (choosing the view already shown does nothing). */
export function showView(filter: InboxFilter): void {
  $filter.set(filter);
}

/** Fetches the chosen view's first page again (after it failed to load). */
export function reloadInbox(): void {
  $firstPage.invalidate();
}

/** Changes the list as shown (and keeps later pages): an update made here, or its undoing. */
function editShown(change: Partial<Omit<ShownList, "base">>): void {
  const base = $firstPage.get().data;
  if (!base) return;
  const { messages, hasMore, loadingMore } = $inbox.get();
  $shown.set({ base, messages, hasMore, loadingMore, ...change });
}

/** Fetches the page after the last message shown. */
export async function loadMore(): Promise<void> {
  const state = $inbox.get();
  const base = $firstPage.get().data;
  const last = state.messages.at(-1);
  if (!base || state.loadingMore || !state.hasMore || !last) return;
  editShown({ loadingMore: true });
  // A page that comes back after the view's first page was fetched again extends a list no longer shown.
  const current = () => $firstPage.get().data === base;
  try {
    const page = await fetchInboxPage($filter.get(), last.id);
    if (!current()) return;
    editShown({
      messages: appendPage($inbox.get().messages, page),
      hasMore: page.length === INBOX_PAGE_SIZE,
      loadingMore: false,
    });
  } catch {
    if (!current()) return;
    editShown({ loadingMore: false });
    toast(inboxMessages.loadMoreFailed);
  }
}

/** Runs a change to message `id` unless one is already on its way (its buttons wait meanwhile). */
async function changeMessage(id: string, change: () => Promise<void>): Promise<void> {
  if ($pending.get().has(id)) return;
  $pending.set(new Set($pending.get()).add(id));
  try {
    await change();
  } finally {
    const pending = new Set($pending.get());
    pending.delete(id);
    $pending.set(pending);
  }
}

/** Queues a message's failed notification again; the badge goes once the server has taken it. */
export function retryNotification(id: string): Promise<void> {
  return changeMessage(id, async () => {
    try {
      await read(api.contacts[":id"]["notification-retry"].$post({ param: { id } }));
      editShown({ messages: withNotificationRetried($inbox.get().messages, id) });
      toast(inboxMessages.retryQueued);
    } catch {
      toast(inboxMessages.retryFailed);
    }
  });
}

/**
 * Marks a message handled or not at once, then tells the server; on failure the change and the
 * navigation count roll back and a destructive toast says so.
 */
export function setHandled(id: string, handled: boolean): Promise<void> {
  return changeMessage(id, async () => {
    const delta = handled ? -1 : 1;
    editShown({ messages: withHandled($inbox.get().messages, id, handled) });
    adjustUnhandledCount(delta);
    try {
      await read(api.contacts[":id"].$patch({ param: { id }, json: { handled } }));
    } catch {
      editShown({ messages: withHandled($inbox.get().messages, id, !handled) });
      adjustUnhandledCount(-delta);
      toast(inboxMessages.updateFailed);
    }
  });
}

/**
 * "Not spam" or "Release": the message leaves the Spam or Held view (and, marked not spam, counts as
 * unhandled again); on failure it stays and a toast says so.
 */
export function moveMessage(id: string, to: "not-spam" | "release"): Promise<void> {
  return changeMessage(id, async () => {
    try {
      const contact = api.contacts[":id"];
      const move = to === "not-spam" ? contact["not-spam"] : contact.release;
      const record: ContactRecord = await read(move.$post({ param: { id } }));
      const leaves = (to === "not-spam" && $filter.get() === "spam") || (to === "release" && $filter.get() === "held");
      const messages = $inbox.get().messages;
      editShown({
        messages: leaves ? messages.filter((m) => m.id !== id) : messages.map((m) => (m.id === id ? record : m)),
      });
      if (to === "not-spam" && !record.handled) adjustUnhandledCount(1);
    } catch {
      toast(inboxMessages.updateFailed);
    }
  });
}
