/**
 * The portal's one fetcher context: each store names its key and the typed API call that loads it; data is never
 * stale, nothing refetches on focus, reconnect or a timer, nothing retries, and unused data is dropped after
 * five minutes. A screen that writes invalidates the keys it changed, so a read happens when it is needed.
 * Whatever the key, a store only ever shows the answer for its current key: an answer that comes back after
 * the key changed (another filter or page was chosen meanwhile) is dropped.
 */
import { nanoquery } from "@nanostores/query";

/** How long data no screen uses stays cached. */
export const QUERY_CACHE_LIFETIME_MS = 5 * 60 * 1000;

export const [createFetcherStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({
  dedupeTime: Infinity,
  cacheLifetime: QUERY_CACHE_LIFETIME_MS,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateInterval: 0,
  onErrorRetry: null,
});

/**
 * Settings of a store whose data other people change all the time (the inbox, the activity log): fetched
 * again each time it is shown or its key changes, with the loading state meanwhile, and no answer kept.
 */
export const FETCHED_EACH_TIME = { dedupeTime: 0, cacheLifetime: 0 } as const;
