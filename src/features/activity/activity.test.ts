import { cleanStores } from "nanostores";
import { afterEach, expect, test, vi } from "vitest";
import { activityFilterOf, activityQueryString } from "./activity";
import { $activity, $activityFilter, filterActivity, turnActivityPage } from "./store";

test.each([
  [{ page: 1, person: "", kind: "" }, ""],
  [{ page: 2, person: "", kind: "" }, "?page=2"],
  [
    { page: 1, person: "00000000-0000-4000-8000-000000000001", kind: "sign-in" },
    "?person=00000000-0000-4000-8000-000000000001&kind=sign-in",
  ],
])("the activity query for %j is %s, and reads back as the same filter", (filter, query) => {
  expect(activityQueryString(filter)).toBe(query);
  expect(activityFilterOf(query)).toEqual(filter);
});

afterEach(() => {
  cleanStores($activity);
  vi.unstubAllGlobals();
});

test("choosing a person or kind shows its newest page; paging keeps the choice", () => {
  $activityFilter.set({ page: 3, person: "p", kind: "" });
  filterActivity("kind", "staff");
  expect($activityFilter.get()).toEqual({ page: 1, person: "p", kind: "staff" });
  turnActivityPage(1);
  turnActivityPage(1);
  turnActivityPage(-1);
  expect($activityFilter.get()).toEqual({ page: 2, person: "p", kind: "staff" });
});

test("the log shows the page the filters select, fetched with them", async () => {
  const urls: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    urls.push(String(url));
    return new Response(JSON.stringify({ entries: [], total: 0, page: 2, pageSize: 50 }));
  });
  $activityFilter.set({ page: 2, person: "", kind: "sign-in" });
  const stop = $activity.subscribe(() => undefined);
  const answer = await $activity.fetch();
  stop();
  expect(answer).toEqual({ data: { entries: [], total: 0, page: 2, pageSize: 50 } });
  expect(urls).toEqual(["/api/portal/activity?page=2&kind=sign-in"]);
});
