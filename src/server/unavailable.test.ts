import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, openDbAt } from "~/server/db";
import { resetEnv } from "~/server/env";
import { call, callUnchecked, withDatabase } from "../../test/api";

// Port 9 (discard) on loopback: nothing listens, so every connect is refused.
const DEAD_URL = "postgres://postgres@127.0.0.1:9/none";

const requests = [
  ["POST", "/api/contact", { firstName: "A", email: "a@example.com", message: "m" }],
  ["POST", "/api/portal/login", { username: "admin", password: "whatever1" }],
] as const;

describe.each(["pg", "neon"] as const)("unreachable database via %s driver", (driver) => {
  withDatabase(() => openDbAt({ driver, url: DEAD_URL }));

  it.each(requests)("%s %s answers 503 JSON without internals", async (method, path, json) => {
    const res = await callUnchecked(method, path, { json });
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: "Service temporarily unavailable", code: "unavailable" });
    expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/);
  });

  it("the no-JavaScript form redirects to the unavailable page", async () => {
    const res = await callUnchecked("POST", "/api/contact/form", {
      raw: new URLSearchParams({ fullName: "A B", email: "a@example.com", message: "m" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact/error?reason=unavailable");
  });
});

describe("no database configured", () => {
  withDatabase(() => openDb());
  const saved = { ...process.env };
  beforeAll(() => {
    delete process.env.NETLIFY_DB_URL;
    delete process.env.DATABASE_URL;
    resetEnv();
  });
  afterAll(() => {
    process.env = saved;
    resetEnv();
  });

  it("answers 503, not 500", async () => {
    const res = await call("POST", "/api/contact", { json: { firstName: "A", email: "a@example.com", message: "m" } });
    expect(res.status).toBe(503);
  });
});
