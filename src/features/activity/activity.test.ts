import { expect, test } from "vitest";
import { activityQuery } from "./activity";

test.each([
  [{ page: 1, person: "", kind: "" }, ""],
  [{ page: 2, person: "", kind: "" }, "?page=2"],
  [
    { page: 1, person: "00000000-0000-4000-8000-000000000001", kind: "sign-in" },
    "?person=00000000-0000-4000-8000-000000000001&kind=sign-in",
  ],
])("the activity query for %j is %s", (filter, query) => {
  const text = new URLSearchParams(activityQuery(filter)).toString();
  expect(text ? `?${text}` : "").toBe(query);
});
