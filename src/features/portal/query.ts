/**
 * The portal's one fetcher context (spec 7, "Query behaviour"; spec 9, "Query defaults"): a read is a
 * GET to its key segments joined with slashes; data is never stale, nothing refetches on focus,
 * reconnect or a timer, nothing retries, and unused data is dropped after five minutes.
 */
import { nanoquery } from "@nanostores/query";
import { apiRequest } from "~/lib/api-client";

/** Spec 9: cache garbage collection after 5 minutes. */
export const QUERY_CACHE_LIFETIME_MS = 5 * 60 * 1000;

export const [createFetcherStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({
  fetcher: (...segments) => apiRequest(segments.join("/")),
  dedupeTime: Infinity,
  cacheLifetime: QUERY_CACHE_LIFETIME_MS,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateInterval: 0,
  onErrorRetry: null,
});
