import { describe, expect, it } from "vitest";
import { json, jsonText } from "./http";

describe("JSON responses", () => {
  it.each([
    ["json", () => json({ a: "é" }, 201, { "X-Extra": "1" })],
    ["jsonText (string)", () => jsonText('{"a":"é"}', 201, { "X-Extra": "1" })],
    ["jsonText (bytes)", () => jsonText(new TextEncoder().encode('{"a":"é"}'), 201, { "X-Extra": "1" })],
  ])("%s carries the API headers, status and body", async (_name, make) => {
    const res = make();
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-extra")).toBe("1");
    expect(await res.json()).toEqual({ a: "é" });
  });

  it("jsonText serves the same bytes to many responses, with their byte length", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify([{ title: "Fenêtre" }]));
    for (let i = 0; i < 3; i++) {
      const res = jsonText(bytes);
      expect(res.headers.get("content-length")).toBe(String(bytes.byteLength));
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    }
    expect(bytes.buffer.detached).toBe(false);
  });
});
