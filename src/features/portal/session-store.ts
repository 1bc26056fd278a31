/** The signed-in staff member as the top bar shows it: name and the count of unhandled messages. */
import type { PortalSession } from "~/schemas/sessions";
import { createFetcherStore, mutateCache } from "./query";
import { SESSION_PATH } from "~/lib/api-routes";
import { ACCOUNT_PATH } from "~/lib/api-routes-staff";
import type { Account } from "~/schemas/own-account";

/** Who is signed in, and how many contact messages wait (for the top bar). */
export const $session = createFetcherStore<PortalSession>([SESSION_PATH]);

/** The signed-in person's account (role, second factors): the admin links and the account screen read it. */
export const $account = createFetcherStore<Account>([ACCOUNT_PATH]);

/** Moves the top bar's unhandled-message count by `delta` (the inbox's optimistic updates). */
export function adjustUnhandledCount(delta: number): void {
  const session = $session.get().data;
  if (session) {
    void mutateCache(SESSION_PATH, {
      ...session,
      unhandledMessages: Math.max(0, session.unhandledMessages + delta),
    });
  }
}
