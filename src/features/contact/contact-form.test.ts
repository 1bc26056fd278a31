import { describe, expect, test, vi } from "vitest";
import { sendContactMessage } from "./contact-form";

const respond = (status: number, headers: Record<string, string> = {}) =>
  vi.fn<typeof fetch>(async () => new Response(status === 204 ? null : "{}", { status, headers }));

describe("sendContactMessage", () => {
  test("POSTs JSON to /api/contact with credentials", async () => {
    const fetchImpl = respond(201);
    await sendContactMessage({ firstName: "A" }, fetchImpl);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe("/api/contact");
    expect(init).toMatchObject({ method: "POST", credentials: "include", body: '{"firstName":"A"}' });
    expect(new Headers(init?.headers).get("content-type")).toBe("application/json");
  });

  test.each([
    ["2xx", respond(201), { ok: true }],
    ["500", respond(500), { ok: false, rateLimited: false }],
    ["400", respond(400), { ok: false, rateLimited: false }],
    ["429 with Retry-After", respond(429, { "Retry-After": "120" }), { ok: false, rateLimited: true, retryAfterSeconds: 120 }],
    ["429 without Retry-After", respond(429), { ok: false, rateLimited: true, retryAfterSeconds: undefined }],
    ["network error", vi.fn<typeof fetch>(async () => Promise.reject(new TypeError("offline"))), { ok: false, rateLimited: false }],
  ])("%s", async (_name, fetchImpl, expected) => {
    expect(await sendContactMessage({}, fetchImpl)).toEqual(expected);
  });
});
