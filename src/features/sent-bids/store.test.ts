import { cleanStores } from "nanostores";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { PortalSession } from "~/schemas/sessions";
import { invalidateKeys } from "~/portal/query";
import { $session, SESSION_KEY } from "~/portal/session-store";
import { holdFetch, takeCall, type HeldCall } from "../../../test/fixtures/held-fetch";
import { markSeen } from "./store";

let calls: HeldCall[];
let unsubscribe: () => void;

const session = (bidUpdates: number): PortalSession => ({
  username: "ann",
  expiresAt: "2026-11-28T20:00:00.000Z",
  unhandledMessages: 0,
  unansweredLeads: 0,
  bidUpdates,
});

/** The call to a path ending in `path` once the store has made it. */
const callTo = (path: string, method: string) => takeCall(calls, (c) => c.url.endsWith(path) && c.method === method);

beforeEach(() => {
  calls = holdFetch();
  // The top bar's subscription: it starts the session read as the page opens.
  unsubscribe = $session.subscribe(() => {});
});

afterEach(() => {
  unsubscribe();
  // The next test's page reads its session afresh.
  invalidateKeys(SESSION_KEY);
  cleanStores($session);
  vi.unstubAllGlobals();
});

test("a session read that counted before the reset and answers after it does not bring the count back", async () => {
  const read = await callTo("/api/portal/session", "GET");
  const seen = markSeen();
  (await callTo("/api/portal/bids/seen", "POST")).answer({ ok: true });
  // The server has the reset, and its answer has been read, before the read it answered earlier arrives.
  await new Promise((resolve) => setTimeout(resolve, 0));
  read.answer(session(1));
  await seen;
  await vi.waitUntil(() => $session.get().data);
  expect($session.get().data?.bidUpdates).toBe(0);
});

test("a session read that answered before the reset is cleared at once", async () => {
  (await callTo("/api/portal/session", "GET")).answer(session(3));
  await vi.waitUntil(() => $session.get().data);
  const seen = markSeen();
  expect($session.get().data?.bidUpdates).toBe(0);
  (await callTo("/api/portal/bids/seen", "POST")).answer({ ok: true });
  await seen;
  expect($session.get().data?.bidUpdates).toBe(0);
});
