/** The signed-in staff member as the top bar shows it: name and the count of unhandled messages. */
import type { PortalSession } from "~/schemas/sessions";
import { api, read } from "~/lib/api-client";
import { createFetcherStore, mutateCache } from "./query";

/** The query keys of the signed-in session and account. */
export const SESSION_KEY = "session";
export const ACCOUNT_KEY = "account";

/** Who is signed in, and how many contact messages wait (for the top bar). */
export const $session = createFetcherStore<PortalSession>([SESSION_KEY], {
  fetcher: () => read(api.portal.session.$get()),
});

/** The signed-in person's account (role, second factors): the admin links and the account screen read it. */
export const $account = createFetcherStore([ACCOUNT_KEY], { fetcher: () => read(api.portal.account.$get()) });

/**
 * Moves the top bar's count by `delta` (the inbox's optimistic updates): handled and unanswered are one number,
 * since marking a message handled makes its lead contacted.
 */
export function adjustUnhandledCount(delta: number): void {
  const session = $session.get().data;
  if (session) {
    void mutateCache(SESSION_KEY, {
      ...session,
      unhandledMessages: Math.max(0, session.unhandledMessages + delta),
      unansweredLeads: Math.max(0, session.unansweredLeads + delta),
    });
  }
}
