/** The activity screen's state: the filters, and the page of the log they select. */
import { atom, computed } from "nanostores";
import { createFetcherStore, FETCHED_EACH_TIME } from "~/portal/query";
import type { ActivityPage } from "~/schemas/activity";
import { activityFilterOf, activityQueryString, loadActivity, type ActivityFilter } from "./activity";

/** Which page, person and kind the screen shows; the newest page of everyone's activity at first. */
export const $activityFilter = atom<ActivityFilter>({ page: 1, person: "", kind: "" });

/** The filters as the API's query string: the log's query key carries it, and its load reads it back. */
const $activityQuery = computed($activityFilter, activityQueryString);

/** The page the filters select, fetched each time they change (the log grows while it is read). */
export const $activity = createFetcherStore<ActivityPage>(["activity:", $activityQuery], {
  ...FETCHED_EACH_TIME,
  fetcher: (_, query) => loadActivity(activityFilterOf(String(query))),
});

/** Shows the newest page of the entries of one person or kind ("" for any). */
export function filterActivity(name: "person" | "kind", value: string): void {
  $activityFilter.set({ ...$activityFilter.get(), page: 1, [name]: value });
}

/** Turns to the page `step` pages older (negative: newer). */
export function turnActivityPage(step: number): void {
  const filter = $activityFilter.get();
  $activityFilter.set({ ...filter, page: filter.page + step });
}

/** Fetches the page shown again (after it failed to load). */
export function reloadActivity(): void {
  $activity.invalidate();
}
