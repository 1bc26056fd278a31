import { describe, expect, it } from "vitest";
import { json } from "./http";

describe("JSON responses", () => {
  it("carry the API headers, status and body", async () => {
    const res = json({ a: "é" }, 201, { "X-Extra": "1" });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-extra")).toBe("1");
    expect(await res.json()).toEqual({ a: "é" });
  });
});
