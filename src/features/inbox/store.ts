/** Inbox state and actions: the listed messages page by page, the filter, and marking handled. */
import { atom } from "nanostores";
import { createFetcherStore, FETCHED_EACH_TIME } from "~/portal/query";
import { createPagedList, type PagedList } from "~/portal/paged-list";
import { adjustUnhandledCount } from "~/portal/session-store";
import { api, read } from "~/lib/api-client";
import { toast } from "~/lib/toast";
import type { ContactRecord } from "~/schemas/contact-record";
import { INBOX_PAGE_SIZE, inboxQuery, withHandled, withNotificationRetried, type InboxFilter } from "./inbox";
import { inboxMessages } from "./messages";

export type InboxState = PagedList<ContactRecord>;

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

/** The list as shown: the first page, the later ones "Load more" appended, and the changes made here. */
const paged = createPagedList({
  firstPage: $firstPage,
  // Only a full page may have older messages after it. The next page starts before the last message still shown
  // (the page's last one, unless it has left the view since).
  read: (page: ContactRecord[]) => ({ items: page, next: page.length === INBOX_PAGE_SIZE ? page.at(-1)!.id : null }),
  fetchNext: (_, shown) => fetchInboxPage($filter.get(), shown.at(-1)!.id),
  failed: inboxMessages.loadMoreFailed,
});

export const $inbox = paged.$list;

/** Ids with a handled change on its way to the server (their buttons wait). */
export const $pending = atom<ReadonlySet<string>>(new Set());

/** Shows `filter`'s view, its first page fetched afresh (choosing the view already shown does nothing). */
export function showView(filter: InboxFilter): void {
  $filter.set(filter);
}

/** Fetches the chosen view's first page again (after it failed to load). */
export const reloadInbox = paged.reload;

/** Changes the list as shown (and keeps later pages): an update made here, or its undoing. */
const editShown = paged.edit;

/** Fetches the page after the last message shown. */
export const loadMore = paged.loadMore;

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
      editShown((messages) => withNotificationRetried(messages, id));
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
    editShown((messages) => withHandled(messages, id, handled));
    adjustUnhandledCount(delta);
    try {
      await read(api.contacts[":id"].$patch({ param: { id }, json: { handled } }));
    } catch {
      editShown((messages) => withHandled(messages, id, !handled));
      adjustUnhandledCount(-delta);
      toast(inboxMessages.updateFailed);
    }
  });
}

/**
 * "Mark as spam", "Not spam" or "Release": the message leaves the view it was in (Spam and Held show flagged
 * messages only, the others none marked spam) and the unhandled count follows it; on failure it stays and a toast
 * says so.
 */
export function moveMessage(id: string, to: "spam" | "not-spam" | "release"): Promise<void> {
  return changeMessage(id, async () => {
    try {
      const contact = api.contacts[":id"];
      const move = { spam: contact.spam, "not-spam": contact["not-spam"], release: contact.release }[to];
      const record: ContactRecord = await read(move.$post({ param: { id } }));
      const filter = $filter.get();
      const leaves =
        to === "spam" || (to === "not-spam" && filter === "spam") || (to === "release" && filter === "held");
      editShown((messages) =>
        leaves ? messages.filter((m) => m.id !== id) : messages.map((m) => (m.id === id ? record : m)),
      );
      // The count holds unhandled messages neither spam nor held: marking spam takes one out, "Not spam" puts it back.
      const counted = !record.handled && !record.held;
      if (counted && to === "spam") adjustUnhandledCount(-1);
      if (counted && to === "not-spam") adjustUnhandledCount(1);
      if (to === "spam") toast(inboxMessages.movedToSpam);
    } catch {
      toast(inboxMessages.updateFailed);
    }
  });
}
