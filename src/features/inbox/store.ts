/** Inbox state and actions: the listed messages page by page, the filter, and marking handled. */
import { atom, map } from "nanostores";
import { inboxMessages, notificationMessages } from "~/features/portal/messages";
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

export interface InboxState {
  messages: ContactRecord[];
  /** Loading the first page, ready, or failed (with the error to show). */
  status: "loading" | "ready" | "error";
  error?: Error;
  /** Whether a further page may exist (the last page was full). */
  hasMore: boolean;
  loadingMore: boolean;
}

export const $filter = atom<InboxFilter>("unhandled");
export const $inbox = map<InboxState>({ messages: [], status: "loading", hasMore: false, loadingMore: false });
/** Ids with a handled change on its way to the server (their buttons wait). */
export const $pending = atom<ReadonlySet<string>>(new Set());

// Each list request gets a number; an answer to an older one (the filter changed meanwhile) is dropped.
let request = 0;

/** Shows the first page for `filter`. */
export async function loadInbox(filter: InboxFilter = $filter.get()): Promise<void> {
  const mine = ++request;
  $filter.set(filter);
  $inbox.set({ messages: [], status: "loading", hasMore: false, loadingMore: false });
  try {
    const page: ContactRecord[] = await read(api.contacts.$get({ query: inboxQuery(filter) }));
    if (mine !== request) return;
    $inbox.set({ messages: page, status: "ready", hasMore: page.length === INBOX_PAGE_SIZE, loadingMore: false });
  } catch (error) {
    if (mine !== request) return;
    $inbox.set({ messages: [], status: "error", error: error as Error, hasMore: false, loadingMore: false });
  }
}

/** Fetches the page after the last message shown. */
export async function loadMore(): Promise<void> {
  const state = $inbox.get();
  const last = state.messages.at(-1);
  if (state.loadingMore || !state.hasMore || !last) return;
  const mine = request;
  $inbox.setKey("loadingMore", true);
  try {
    const page: ContactRecord[] = await read(api.contacts.$get({ query: inboxQuery($filter.get(), last.id) }));
    if (mine !== request) return;
    $inbox.set({
      ...$inbox.get(),
      messages: appendPage($inbox.get().messages, page),
      hasMore: page.length === INBOX_PAGE_SIZE,
      loadingMore: false,
    });
  } catch {
    if (mine !== request) return;
    $inbox.setKey("loadingMore", false);
    toast(inboxMessages.loadMoreFailed);
  }
}

/** Queues a message's failed notification again; the badge goes once the server has taken it. */
export async function retryNotification(id: string): Promise<void> {
  if ($pending.get().has(id)) return;
  $pending.set(new Set($pending.get()).add(id));
  try {
    await read(api.contacts[":id"]["notification-retry"].$post({ param: { id } }));
    $inbox.setKey("messages", withNotificationRetried($inbox.get().messages, id));
    toast(notificationMessages.retryQueued);
  } catch {
    toast(notificationMessages.retryFailed);
  } finally {
    const pending = new Set($pending.get());
    pending.delete(id);
    $pending.set(pending);
  }
}

/**
 * Marks a message handled or not at once, then tells the server; on failure the change and the
 * navigation count roll back and a destructive toast says so.
 */
export async function setHandled(id: string, handled: boolean): Promise<void> {
  if ($pending.get().has(id)) return;
  $pending.set(new Set($pending.get()).add(id));
  const delta = handled ? -1 : 1;
  $inbox.setKey("messages", withHandled($inbox.get().messages, id, handled));
  adjustUnhandledCount(delta);
  try {
    await read(api.contacts[":id"].$patch({ param: { id }, json: { handled } }));
  } catch {
    $inbox.setKey("messages", withHandled($inbox.get().messages, id, !handled));
    adjustUnhandledCount(-delta);
    toast(inboxMessages.updateFailed);
  } finally {
    const pending = new Set($pending.get());
    pending.delete(id);
    $pending.set(pending);
  }
}

/**
 * "Not spam" or "Release": the message leaves the Spam or Held view (and, marked not spam, counts as
 * unhandled again); on failure it stays and a toast says so.
 */
export async function moveMessage(id: string, to: "not-spam" | "release"): Promise<void> {
  if ($pending.get().has(id)) return;
  $pending.set(new Set($pending.get()).add(id));
  try {
    const contact = api.contacts[":id"];
    const move = to === "not-spam" ? contact["not-spam"] : contact.release;
    const record: ContactRecord = await read(move.$post({ param: { id } }));
    const leaves = (to === "not-spam" && $filter.get() === "spam") || (to === "release" && $filter.get() === "held");
    const messages = $inbox.get().messages;
    $inbox.setKey(
      "messages",
      leaves ? messages.filter((m) => m.id !== id) : messages.map((m) => (m.id === id ? record : m)),
    );
    if (to === "not-spam" && !record.handled) adjustUnhandledCount(1);
  } catch {
    toast(inboxMessages.updateFailed);
  } finally {
    const pending = new Set($pending.get());
    pending.delete(id);
    $pending.set(pending);
  }
}
