import { cleanStores } from "nanostores";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { $toasts } from "~/lib/toast";
import type { ContactRecord } from "~/schemas/contact-record";
import { contactRecord } from "../../../test/fixtures/contact";
import { holdFetch, takeCall, type HeldCall } from "../../../test/fixtures/held-fetch";
import { INBOX_PAGE_SIZE } from "./inbox";
import { inboxMessages } from "./messages";
import { $inbox, $pending, loadMore, reloadInbox, setHandled, showView, type InboxState } from "./store";

const message = (id: string): ContactRecord => contactRecord(id);

let calls: HeldCall[];
/** Every state the inbox went through, in order. */
let seen: InboxState[];
let unsubscribe: () => void;

beforeEach(() => {
  calls = holdFetch();
  showView("unhandled");
  seen = [];
  // The screen's subscription: it keeps the stores mounted for the whole test.
  unsubscribe = $inbox.subscribe((state) => seen.push(state));
});

afterEach(() => {
  unsubscribe();
  // Unmounted now rather than after nanostores' delay, so the next test's subscription fetches afresh.
  cleanStores($inbox);
  vi.unstubAllGlobals();
});

/** Resolves once the inbox reaches a state that passes `check`. */
const until = (check: (state: InboxState) => boolean) =>
  new Promise<InboxState>((resolve) => {
    const stop = $inbox.subscribe((state) => {
      if (!check(state)) return;
      queueMicrotask(() => stop());
      resolve(state);
    });
  });

/** The call to `url` (a contacts list path without its limit) once the store has made it. */
function callTo(query: string, method = "GET"): Promise<HeldCall> {
  const url = `/api/contacts?limit=${INBOX_PAGE_SIZE}${query}`;
  return takeCall(calls, (c) => c.url === url && c.method === method);
}
const ids = (state: InboxState) => state.items.map((m) => m.id);

test("an answer for a view left before it came back never shows", async () => {
  const unhandled = await callTo("&handled=false");
  showView("all");
  const all = await callTo("");
  unhandled.answer([message("old")]);
  all.answer([message("new")]);
  const ready = await until((s) => s.status === "ready");
  expect(ids(ready)).toEqual(["new"]);
  expect(seen.some((s) => ids(s).includes("old"))).toBe(false);
});

test("a failed first page shows the error, and reloading fetches it again", async () => {
  (await callTo("&handled=false")).answer({ error: "Database unavailable" }, 503);
  expect((await until((s) => s.status === "error")).error?.message).toContain("503");
  reloadInbox();
  expect($inbox.get().status).toBe("loading");
  (await callTo("&handled=false")).answer([message("a")]);
  expect(ids(await until((s) => s.status === "ready"))).toEqual(["a"]);
});

test("'Load more' appends the next page once, skipping what is shown, and ends on a short page", async () => {
  const first = Array.from({ length: INBOX_PAGE_SIZE }, (_, i) => message(`m${i}`));
  (await callTo("&handled=false")).answer(first);
  expect((await until((s) => s.status === "ready")).hasMore).toBe(true);
  const more = loadMore();
  expect($inbox.get().loadingMore).toBe(true);
  (await callTo(`&handled=false&before=m${INBOX_PAGE_SIZE - 1}`)).answer([
    message(`m${INBOX_PAGE_SIZE - 1}`),
    message("older"),
  ]);
  await more;
  const state = $inbox.get();
  expect(state.items).toHaveLength(INBOX_PAGE_SIZE + 1);
  expect(state.items.at(-1)?.id).toBe("older");
  expect(state).toMatchObject({ hasMore: false, loadingMore: false });
});

test("a later page that comes back after the view was fetched again is dropped", async () => {
  const first = Array.from({ length: INBOX_PAGE_SIZE }, (_, i) => message(`m${i}`));
  (await callTo("&handled=false")).answer(first);
  await until((s) => s.status === "ready");
  const more = loadMore();
  const page2 = await callTo(`&handled=false&before=m${INBOX_PAGE_SIZE - 1}`);
  reloadInbox();
  const again = await callTo("&handled=false");
  page2.answer([message("older")]);
  await more;
  again.answer([message("fresh")]);
  const ready = await until((s) => s.status === "ready");
  expect(ids(ready)).toEqual(["fresh"]);
  expect(ready.loadingMore).toBe(false);
});

test("marking handled shows at once, and a refusal undoes it with a toast", async () => {
  (await callTo("&handled=false")).answer([message("a")]);
  await until((s) => s.status === "ready");
  const change = setHandled("a", true);
  expect($inbox.get().items[0]?.handled).toBe(true);
  expect($pending.get().has("a")).toBe(true);
  await vi.waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
  calls.find((c) => c.method === "PATCH")!.answer({ error: "Database unavailable" }, 503);
  await change;
  expect($inbox.get().items[0]?.handled).toBe(false);
  expect($pending.get().size).toBe(0);
  expect($toasts.get()[0]).toMatchObject(inboxMessages.updateFailed);
});
