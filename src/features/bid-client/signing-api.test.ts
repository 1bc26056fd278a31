// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { PORTAL_TOKEN_KEY } from "~/lib/portal-token";
import { fileNameFrom, postJson, readFailure } from "./signing-api";

describe("fileNameFrom", () => {
  it.each([
    [null, "proposal.pdf"],
    ["attachment", "proposal.pdf"],
    ['attachment; filename="Garza proposal.pdf"', "Garza proposal.pdf"],
    ["attachment; filename=signed.pdf", "signed.pdf"],
    [`attachment; filename="x.pdf"; filename*=UTF-8''Garza%20%E2%80%93%20signed.pdf`, "Garza – signed.pdf"],
    ["attachment; filename*=UTF-8''%E0%A4%A; filename=\"fallback.pdf\"", "fallback.pdf"],
  ])("%j → %j", (header, name) => {
    expect(fileNameFrom(header)).toBe(name);
  });
});

describe("calls", () => {
  afterEach(() => localStorage.clear());

  it("reads the API's refusal and its wait", async () => {
    const response = new Response(JSON.stringify({ error: "Slow down", code: "rate_limited" }), {
      status: 429,
      headers: { "Retry-After": "120" },
    });
    expect(await readFailure(response)).toEqual({
      status: 429,
      code: "rate_limited",
      error: "Slow down",
      retryAfter: 120,
    });
  });

  it("a body that is not the API's still gives its status", async () => {
    expect(await readFailure(new Response("<html>", { status: 502 }))).toMatchObject({ status: 502, code: "internal" });
  });

  it("posts JSON and sends no Authorization without a staff session", async () => {
    const fetchImpl = vi.fn(async () => Response.json({ ok: 1 }));
    const result = await postJson("open", { secret: "s" }, fetchImpl as unknown as typeof fetch);
    expect(result).toEqual({ ok: true, value: { ok: 1 } });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/bids/open");
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"secret":"s"}');
    expect(init.headers).not.toHaveProperty("Authorization");
  });

  it("carries this browser's staff session, so the API can refuse it", async () => {
    localStorage.setItem(PORTAL_TOKEN_KEY, "staff-token");
    const fetchImpl = vi.fn(async () => Response.json({}));
    await postJson("open", { secret: "s" }, fetchImpl as unknown as typeof fetch);
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ Authorization: "Bearer staff-token" });
  });

  it("a network failure is a failure, not a throw", async () => {
    const fetchImpl = vi.fn(async () => Promise.reject(new TypeError("offline")));
    const result = await postJson("open", { secret: "s" }, fetchImpl as unknown as typeof fetch);
    expect(result).toMatchObject({ ok: false, failure: { code: "network", status: 0 } });
  });
});
