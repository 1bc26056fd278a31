import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  api,
  ApiError,
  onConfirmationRequired,
  onSecondFactorRequired,
  onSessionEnded,
  read,
  readTagged,
  sessionCheckApi,
} from "./api-client";
import { CONFIRMATION_REQUIRED, SECOND_FACTOR_REQUIRED, SECOND_FACTOR_REQUIRED_CODE } from "./second-factor";
import { PORTAL_TOKEN_HEADER, PORTAL_TOKEN_KEY } from "./portal-token";

const stored = new Map<string, string>();
const JSON_TYPE = { "Content-Type": "application/json" };
const respond = (status: number, body = "", headers: Record<string, string> = {}) =>
  vi.fn(async () => new Response(body || null, { status, headers: { ...JSON_TYPE, ...headers } }));
/** The URL and init of a stubbed fetch's call. */
const sent = (fetch: ReturnType<typeof vi.fn>, call = 0) => {
  const [url, init] = fetch.mock.calls[call] as unknown as [string, RequestInit];
  return { url: String(url), init, headers: new Headers(init.headers) };
};
const templates = () => read(api.portal.templates.$get({ query: {} }));

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

describe("the portal's API client", () => {
  test("sends JSON, credentials and the stored bearer token to the route's path", async () => {
    stored.set(PORTAL_TOKEN_KEY, "tok");
    const fetch = respond(200, '{"ok":true}');
    vi.stubGlobal("fetch", fetch);
    const json = { displayName: "A" };
    expect(await read(api.portal.account.$patch({ json }))).toEqual({ ok: true });
    const { url, init, headers } = sent(fetch);
    expect(url).toBe("/api/portal/account");
    expect(init).toMatchObject({ method: "PATCH", credentials: "include", body: '{"displayName":"A"}' });
    expect(headers.get("authorization")).toBe("Bearer tok");
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.get("accept")).toBe("application/json");
  });

  test("fills path parameters and the query, sends If-Match, and reads the ETag", async () => {
    const fetch = respond(200, '{"id":"t1"}', { ETag: '"v3"' });
    vi.stubGlobal("fetch", fetch);
    const one = await readTagged(api.portal.templates[":id"].$get({ param: { id: "t1" } }));
    expect(one).toEqual({ body: { id: "t1" }, etag: '"v3"' });
    expect(sent(fetch).url).toBe("/api/portal/templates/t1");
    await read(
      api.portal.templates[":id"].$put(
        { param: { id: "t1" }, json: { title: "T", templateContent: "c" } },
        { headers: { "If-Match": '"v3"' } },
      ),
    );
    expect(sent(fetch, 1).headers.get("if-match")).toBe('"v3"');
    await read(api.portal.templates.$get({ query: { view: "summary" } }));
    expect(sent(fetch, 2).url).toBe("/api/portal/templates?view=summary");
  });

  test("a renewed token in the answer replaces the stored one it renews, on any answer", async () => {
    stored.set(PORTAL_TOKEN_KEY, "old");
    vi.stubGlobal("fetch", respond(200, "{}", { [PORTAL_TOKEN_HEADER]: "renewed" }));
    await templates();
    expect(stored.get(PORTAL_TOKEN_KEY)).toBe("renewed");
    vi.stubGlobal("fetch", respond(409, '{"error":"Changed meanwhile"}', { [PORTAL_TOKEN_HEADER]: "again" }));
    await expect(
      read(api.portal.templates[":id"].$put({ param: { id: "1" }, json: { title: "T", templateContent: "c" } })),
    ).rejects.toMatchObject({ status: 409 });
    expect(stored.get(PORTAL_TOKEN_KEY)).toBe("again");
    vi.stubGlobal("fetch", respond(200, "{}"));
    await templates();
    expect(stored.get(PORTAL_TOKEN_KEY)).toBe("again");
  });

  test("a renewal does not bring back a token cleared, or replace one stored, while the call ran", async () => {
    stored.set(PORTAL_TOKEN_KEY, "old");
    const meanwhile = (change: () => void) =>
      vi.fn(async () => {
        change();
        return new Response("{}", { status: 200, headers: { ...JSON_TYPE, [PORTAL_TOKEN_HEADER]: "renewed" } });
      });
    vi.stubGlobal(
      "fetch",
      meanwhile(() => stored.delete(PORTAL_TOKEN_KEY)),
    );
    await templates();
    expect(stored.has(PORTAL_TOKEN_KEY)).toBe(false);
    stored.set(PORTAL_TOKEN_KEY, "old");
    vi.stubGlobal(
      "fetch",
      meanwhile(() => stored.set(PORTAL_TOKEN_KEY, "new sign-in")),
    );
    await templates();
    expect(stored.get(PORTAL_TOKEN_KEY)).toBe("new sign-in");
  });

  test("a non-OK answer throws '<status>: <body>' or the status text", async () => {
    vi.stubGlobal("fetch", respond(500, "boom"));
    await expect(templates()).rejects.toMatchObject({ status: 500, message: "500: boom" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(null, { status: 503, statusText: "Service Unavailable" })),
    );
    await expect(templates()).rejects.toMatchObject({ message: "503: Service Unavailable" });
  });

  test("no connection is status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(templates()).rejects.toBeInstanceOf(ApiError);
    await expect(templates()).rejects.toMatchObject({ status: 0 });
  });

  test("a 401 to a call with the stored token ends the session in the one handler and never settles", async () => {
    stored.set(PORTAL_TOKEN_KEY, "expired");
    const ended = vi.fn();
    onSessionEnded(ended);
    vi.stubGlobal("fetch", respond(401, '{"error":"Invalid or expired token"}'));
    const outcome = await Promise.race([
      templates().then(
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
    const json = { username: "a", password: "b" };
    await expect(read(api.portal.login.$post({ json }))).rejects.toMatchObject({ status: 401 });
    expect(ended).not.toHaveBeenCalled();
  });

  test("the session check gets a 401 as its answer and leaves the session alone", async () => {
    stored.set(PORTAL_TOKEN_KEY, "expired");
    const ended = vi.fn();
    onSessionEnded(ended);
    vi.stubGlobal("fetch", respond(401, "{}"));
    expect((await sessionCheckApi.portal.session.$get()).status).toBe(401);
    expect(ended).not.toHaveBeenCalled();
  });

  test("a 403 asking for a second factor goes to its one handler, which may take it (never settles) or leave it", async () => {
    stored.set(PORTAL_TOKEN_KEY, "enrolling");
    const refusal = JSON.stringify({ error: SECOND_FACTOR_REQUIRED, code: SECOND_FACTOR_REQUIRED_CODE });
    vi.stubGlobal("fetch", respond(403, refusal));
    const handler = vi.fn(() => true);
    onSecondFactorRequired(handler);
    const outcome = await Promise.race([
      templates().then(
        () => "resolved",
        () => "rejected",
      ),
      new Promise((resolve) => setTimeout(() => resolve("pending"), 50)),
    ]);
    expect(outcome).toBe("pending");
    expect(handler).toHaveBeenCalledOnce();
    onSecondFactorRequired(() => false);
    await expect(read(api.portal.account.sessions.$get())).rejects.toMatchObject({ status: 403 });
    // Any other 403 is an ordinary error, even one with the same words: the code decides.
    const other = vi.fn(() => true);
    onSecondFactorRequired(other);
    vi.stubGlobal("fetch", respond(403, '{"error":"Only an admin can do this"}'));
    await expect(read(api.portal.staff.$get())).rejects.toMatchObject({ status: 403 });
    vi.stubGlobal("fetch", respond(403, JSON.stringify({ error: SECOND_FACTOR_REQUIRED })));
    await expect(read(api.portal.staff.$get())).rejects.toMatchObject({ status: 403 });
    expect(other).not.toHaveBeenCalled();
  });

  test("a 403 confirmation_required asks its handler, and the same call is made again once confirmed", async () => {
    stored.set(PORTAL_TOKEN_KEY, "tok");
    const refusal = JSON.stringify({ error: "Confirm it is you first", code: CONFIRMATION_REQUIRED });
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(refusal, { status: 403, headers: JSON_TYPE }))
      .mockResolvedValueOnce(new Response('{"ok":true}', { status: 200, headers: JSON_TYPE }));
    vi.stubGlobal("fetch", fetch);
    const confirm = vi.fn(async () => true);
    const stop = onConfirmationRequired(confirm);
    try {
      expect(await read(api.portal.account.totp.$delete())).toEqual({ ok: true });
      expect(confirm).toHaveBeenCalledOnce();
      expect(fetch.mock.calls.map(([path, init]) => [String(path), (init as RequestInit).method])).toEqual([
        ["/api/portal/account/totp", "DELETE"],
        ["/api/portal/account/totp", "DELETE"],
      ]);
      // The person gave up: the refusal is the call's error, with its code, and nothing is sent again.
      confirm.mockResolvedValueOnce(false);
      vi.stubGlobal("fetch", respond(403, refusal));
      await expect(read(api.portal.exports.$post())).rejects.toMatchObject({
        status: 403,
        code: CONFIRMATION_REQUIRED,
      });
    } finally {
      stop();
    }
    // Without a dialog on the page, it is an ordinary error.
    await expect(read(api.portal.exports.$post())).rejects.toMatchObject({ status: 403 });
    expect(confirm).toHaveBeenCalledTimes(2);
  });
});

describe("an ApiError reads the API's refusal", () => {
  test.each([
    [
      '{"error":"Bad","code":"validation_failed","issues":[{"path":["email"],"message":"Invalid","code":"x"}]}',
      "validation_failed",
      [{ path: ["email"], message: "Invalid", code: "x" }],
    ],
    ['{"error":"Gone","code":"gone"}', "gone", []],
    ['{"issues":[{"message":"no path"},{"path":["a"]},null]}', undefined, []],
    ["<html>", undefined, []],
    ["null", undefined, []],
    ["", undefined, []],
  ])("%s", (body, code, issues) => {
    const error = new ApiError(400, "400", body);
    expect(error.code).toBe(code);
    expect(error.issues).toEqual(issues);
  });
});
