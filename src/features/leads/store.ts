/**
 * The Leads screen's state: the filtered list page by page, the lead opened (its id in the address, so Back
 * returns to the list), the staff it can be given to, and the changes staff make on it.
 */
import { atom } from "nanostores";
import { createFetcherStore, FETCHED_EACH_TIME, invalidateKeys, mutateCache, revalidateKeys } from "~/portal/query";
import { createPagedList } from "~/portal/paged-list";
import { SESSION_KEY } from "~/portal/session-store";
import { ATTENTION_KEY } from "~/features/attention/store";
import { runAction, type ActionToasts } from "~/portal/use-action";
import type { LeadDetail, LeadPage, LeadPatch } from "~/schemas/leads";
import { api, ApiError, read } from "~/lib/api-client";
import { leadQuery, type LeadFilters } from "./leads";
import { inboxMessages } from "~/features/inbox/messages";
import { leadMessages } from "./messages";

const LIST_KEY = "leads:";
const LEAD_KEY = "lead:";

export const $status = atom<LeadFilters["status"]>("all");
export const $owner = atom<LeadFilters["owner"]>("all");

/** One page of the list, overdue first then newest, after `cursor` when given. */
const listLeads = (filters: LeadFilters, cursor?: string | null): Promise<LeadPage> =>
  read(api.portal.leads.$get({ query: leadQuery(filters, cursor) }));

/** The filters' first page, fetched each time they change (others answer and assign leads meanwhile). */
const $firstPage = createFetcherStore<LeadPage>([LIST_KEY, $status, ":", $owner], {
  ...FETCHED_EACH_TIME,
  fetcher: (_, status, __, owner) => listLeads({ status: status as LeadFilters["status"], owner: String(owner) }),
});

/** The list as shown: the first page and the later ones "Load more" appended. */
const paged = createPagedList({
  firstPage: $firstPage,
  read: (page: LeadPage) => ({ items: page.items, next: page.next }),
  fetchNext: (next) => listLeads({ status: $status.get(), owner: $owner.get() }, next),
  failed: leadMessages.loadMoreFailed,
});

export const $leads = paged.$list;

/** Fetches the first page again (after it failed). */
export const reloadLeads = paged.reload;

/** Fetches the page after the last one shown, with the API's cursor. */
export const loadMoreLeads = paged.loadMore;

/** The active staff, for the owner menu and filter. */
export const $owners = createFetcherStore<{ id: string; displayName: string }[]>(["lead-owners"], {
  fetcher: () => read(api.portal.leads.owners.$get()),
});

/** The lead whose detail is open; "" for the list. */
export const $openLeadId = atom("");

/** The open lead, fetched each time it opens. */
export const $openLead = createFetcherStore<LeadDetail>([LEAD_KEY, $openLeadId], {
  ...FETCHED_EACH_TIME,
  fetcher: (_, id) => read(api.portal.leads[":id"].$get({ param: { id: String(id) } })),
});

/** A lead's address fragment, as the e-mails about a lead link it (`#lead-<id>`). */
export const leadFragment = (id: string) => `#lead-${id}`;

/** Opens one lead (its fragment in the address, so Back returns to the list) or, with "", the list. */
export function openLead(id: string): void {
  $openLeadId.set(id);
  history.pushState(null, "", id ? leadFragment(id) : location.pathname + location.search);
}

/**
 * Follows the address's fragment (Back and Forward, and the e-mails' links: `#lead-<id>` about a lead,
 * `#message-<id>` about a new message, which is the same id); returns the stop function.
 */
export function followAddress(): () => void {
  const read = () => $openLeadId.set(decodeURIComponent(location.hash.replace(/^#(lead-|message-)?/, "")));
  read();
  window.addEventListener("popstate", read);
  return () => window.removeEventListener("popstate", read);
}

/** True while a change to the open lead runs (its controls wait). */
export const $leadBusy = atom(false);

/**
 * Runs one change to a lead, with its toasts, unless one is already running; then the list and the top bar's
 * count are read again, since a status, a reply or a move to Spam moves both.
 */
async function act(run: () => Promise<void>, toasts: ActionToasts): Promise<boolean> {
  if ($leadBusy.get()) return false;
  $leadBusy.set(true);
  try {
    return await runAction(async () => {
      await run();
      invalidateKeys((key) => key.startsWith(LIST_KEY));
      void revalidateKeys([SESSION_KEY, ATTENTION_KEY]);
    }, toasts);
  } finally {
    $leadBusy.set(false);
  }
}

/** Runs one change to lead `id` whose answer (the lead as it now stands) replaces the open detail at once. */
const change = (id: string, call: () => Promise<LeadDetail>, toasts: ActionToasts) =>
  act(async () => {
    const detail = await call();
    if ($openLeadId.get() === id) void mutateCache(`${LEAD_KEY}${id}`, detail);
  }, toasts);

/**
 * Files lead `id` under Spam (a message that was never an enquiry): it leaves the Leads and the counts, and its
 * detail closes. It is kept: "Not spam" in the Spam view brings it back.
 */
export const markLeadSpam = (id: string) =>
  act(
    async () => {
      await read(api.contacts[":id"].spam.$post({ param: { id } }));
      if ($openLeadId.get() === id) openLead("");
    },
    { done: inboxMessages.movedToSpam, failed: leadMessages.spamFailed },
  );

export const updateLead = (id: string, patch: LeadPatch) =>
  change(id, () => read(api.portal.leads[":id"].$patch({ param: { id }, json: patch })), {
    done: leadMessages.saved,
    failed: leadMessages.saveFailed,
  });

export const addNote = (id: string, body: string) =>
  change(id, () => read(api.portal.leads[":id"].notes.$post({ param: { id }, json: { body } })), {
    done: leadMessages.noteAdded,
    failed: leadMessages.noteFailed,
  });

/** Sends a reply; a 409 `reply_address_missing` is the caller's to explain (it links to the account screen). */
export async function sendReply(id: string, body: string): Promise<"sent" | "no-address" | "failed"> {
  let missing = false;
  const sent = await change(
    id,
    async () => {
      try {
        return await read(api.portal.leads[":id"].replies.$post({ param: { id }, json: { body } }));
      } catch (error) {
        missing = error instanceof ApiError && error.code === "reply_address_missing";
        throw error;
      }
    },
    { done: leadMessages.replySent, failed: leadMessages.replyFailed },
  );
  return sent ? "sent" : missing ? "no-address" : "failed";
}
