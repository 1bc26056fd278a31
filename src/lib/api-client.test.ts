import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ApiError, apiRequest, onConfirmationRequired, onSecondFactorRequired, onSessionEnded } from "./api-client";
import { CONFIRMATION_REQUIRED, SECOND_FACTOR_REQUIRED } from "./second-factor";
import { PORTAL_TOKEN_HEADER, PORTAL_TOKEN_KEY } from "./portal-token";

const stored = new Map<string, string>();
const respond = (status: number, body = "", headers: Record<string, string> = {}) =>
  vi.fn(async () => new Response(body || null, { status, headers }));

beforeEach(() => {
  stored.clear();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  onSessionEnded(() => {});
});

describe("apiRequest", () => {
  test("sends JSON, credentials and the stored bearer token", async () => {
    stored.set(PORTAL_TOKEN_KEY, "tok");
    const fetch = respond(200, '{"ok":true}');
    vi.stubGlobal("fetch", fetch);
    expect(await apiRequest("/api/x", { method: "POST", json: { a: 1 } })).toEqual({ ok: true });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe("/api/x");
    expect(init).toMatchObject({ method: "POST", credentials: "include", body: '{"a":1}' });
    expect(init.headers).toMatchObject({ Authorization: "Bearer tok", "Content-Type": "application/json" });
  });

  test("a renewed token in the answer replaces the stored one it renews, on any answer", async () => {
    stored.set(PORTAL_TOKEN_KEY, "old");
    vi.stubGlobal("fetch", respond(200, "{}", { [PORTAL_TOKEN_HEADER]: "renewed" }));
    await apiRequest("/api/portal/templates");
    expect(stored.get(PORTAL_TOKEN_KEY)).toBe("renewed");
    vi.stubGlobal("fetch", respond(409, '{"error":"Changed meanwhile"}', { [PORTAL_TOKEN_HEADER]: "again" }));
    await expect(apiRequest("/api/portal/templates/1", { method: "PUT", json: {} })).rejects.toMatchObject({
      status: 409,
    });
    expect(stored.get(PORTAL_TOKEN_KEY)).toBe("again");
    vi.stubGlobal("fetch", respond(200, "{}"));
    await apiRequest("/api/portal/templates");
    expect(stored.get(PORTAL_TOKEN_KEY)).toBe("again");
  });

  test("a renewal does not bring back a token cleared, or replace one stored, while the call ran", async () => {
    stored.set(PORTAL_TOKEN_KEY, "old");
    const meanwhile = (change: () => void) =>
      vi.fn(async () => {
        change();
        return new Response("{}", { status: 200, headers: { [PORTAL_TOKEN_HEADER]: "renewed" } });
      });
    vi.stubGlobal(
      "fetch",
      meanwhile(() => stored.delete(PORTAL_TOKEN_KEY)),
    );
    await apiRequest("/api/portal/templates");
    expect(stored.has(PORTAL_TOKEN_KEY)).toBe(false);
    stored.set(PORTAL_TOKEN_KEY, "old");
    vi.stubGlobal(
      "fetch",
      meanwhile(() => stored.set(PORTAL_TOKEN_KEY, "new sign-in")),
    );
    await apiRequest("/api/portal/templates");
    expect(stored.get(PORTAL_TOKEN_KEY)).toBe("new sign-in");
  });

  test("a non-OK answer throws '<status>: <body>' or the status text", async () => {
    vi.stubGlobal("fetch", respond(500, "boom"));
    await expect(apiRequest("/api/x")).rejects.toMatchObject({ status: 500, message: "500: boom" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(null, { status: 503, statusText: "Service Unavailable" })),
    );
    await expect(apiRequest("/api/x")).rejects.toMatchObject({ message: "503: Service Unavailable" });
  });

  test("no connection is status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(apiRequest("/api/x")).rejects.toBeInstanceOf(ApiError);
    await expect(apiRequest("/api/x")).rejects.toMatchObject({ status: 0 });
  });

  test("a 401 to a call with the stored token ends the session in the one handler and never settles", async () => {
    stored.set(PORTAL_TOKEN_KEY, "expired");
    const ended = vi.fn();
    onSessionEnded(ended);
    vi.stubGlobal("fetch", respond(401, '{"error":"Invalid or expired token"}'));
    const outcome = await Promise.race([
      apiRequest("/api/portal/templates").then(
        () => "resolved",
        () => "rejected",
      ),
      new Promise((resolve) => setTimeout(() => resolve("pending"), 50)),
    ]);
    expect(outcome).toBe("pending");
    expect(ended).toHaveBeenCalledOnce();
  });

  test("a 401 without a stored token (a wrong password) is an ordinary error", async () => {
    const ended = vi.fn();
    onSessionEnded(ended);
    vi.stubGlobal("fetch", respond(401, '{"error":"Invalid username or password"}'));
    await expect(apiRequest("/api/portal/login", { method: "POST", json: {} })).rejects.toMatchObject({ status: 401 });
    expect(ended).not.toHaveBeenCalled();
  });

  test("on401 'null' resolves to null and leaves the session alone", async () => {
    stored.set(PORTAL_TOKEN_KEY, "expired");
    const ended = vi.fn();
    onSessionEnded(ended);
    vi.stubGlobal("fetch", respond(401, "{}"));
    expect(await apiRequest("/api/portal/session", { on401: "null" })).toBeNull();
    expect(ended).not.toHaveBeenCalled();
  });

  test("a 403 asking for a second factor goes to its one handler, which may take it (never settles) or leave it", async () => {
    stored.set(PORTAL_TOKEN_KEY, "enrolling");
    vi.stubGlobal("fetch", respond(403, JSON.stringify({ error: SECOND_FACTOR_REQUIRED })));
    const handler = vi.fn(() => true);
    onSecondFactorRequired(handler);
    const outcome = await Promise.race([
      apiRequest("/api/portal/templates").then(
        () => "resolved",
        () => "rejected",
      ),
      new Promise((resolve) => setTimeout(() => resolve("pending"), 50)),
    ]);
    expect(outcome).toBe("pending");
    expect(handler).toHaveBeenCalledOnce();
    onSecondFactorRequired(() => false);
    await expect(apiRequest("/api/portal/account/sessions")).rejects.toMatchObject({ status: 403 });
    // Any other 403 is an ordinary error.
    const other = vi.fn(() => true);
    onSecondFactorRequired(other);
    vi.stubGlobal("fetch", respond(403, '{"error":"Only an admin can do this"}'));
    await expect(apiRequest("/api/portal/staff")).rejects.toMatchObject({ status: 403 });
    expect(other).not.toHaveBeenCalled();
  });

  test("a 403 confirmation_required asks its handler, and the same call is made again once confirmed", async () => {
    stored.set(PORTAL_TOKEN_KEY, "tok");
    const refusal = JSON.stringify({ error: "Confirm it is you first", code: CONFIRMATION_REQUIRED });
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(refusal, { status: 403 }))
      .mockResolvedValueOnce(new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const confirm = vi.fn(async () => true);
    const stop = onConfirmationRequired(confirm);
    try {
      expect(await apiRequest("/api/portal/account/totp", { method: "DELETE" })).toEqual({ ok: true });
      expect(confirm).toHaveBeenCalledOnce();
      expect(fetch.mock.calls.map(([path, init]) => [path, (init as RequestInit).method])).toEqual([
        ["/api/portal/account/totp", "DELETE"],
        ["/api/portal/account/totp", "DELETE"],
      ]);
      // The person gave up: the refusal is the call's error, with its code, and nothing is sent again.
      confirm.mockResolvedValueOnce(false);
      vi.stubGlobal("fetch", respond(403, refusal));
      await expect(apiRequest("/api/portal/export")).rejects.toMatchObject({
        status: 403,
        code: CONFIRMATION_REQUIRED,
      });
    } finally {
      stop();
    }
    // Without a dialog on the page, it is an ordinary error.
    await expect(apiRequest("/api/portal/export")).rejects.toMatchObject({ status: 403 });
    expect(confirm).toHaveBeenCalledTimes(2);
  });
});
