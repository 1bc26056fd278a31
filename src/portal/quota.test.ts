import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api-client";
import { quotaReached } from "./messages";
import { quotaOr } from "./quota";

const fallback = { title: "Save failed", variant: "destructive" as const };
const refusal = (status: number, body: object) => new ApiError(status, `${status}`, JSON.stringify(body));

describe("quotaOr", () => {
  it.each([
    ["a storage quota reached", refusal(409, { error: "Quota reached: 20 MB", code: "quota_exceeded" })],
    ["an hourly rate reached", refusal(429, { error: "Too many uploads", code: "rate_limited" })],
  ])("names the quota for %s, in the server's words", (_, error) => {
    expect(quotaOr(error, fallback)).toEqual(quotaReached(error.serverMessage!));
  });

  it.each([
    ["a version conflict", refusal(409, { error: "Changed by ann", code: "version_conflict" })],
    ["a 409 without a code", refusal(409, { error: "Quota reached: 20 MB" })],
    ["a server error", refusal(500, { error: "Internal server error", code: "internal" })],
    ["a quota code without words", refusal(409, { code: "quota_exceeded" })],
    ["no API error at all", new Error("offline")],
  ])("keeps the fallback for %s", (_, error) => {
    expect(quotaOr(error, fallback)).toBe(fallback);
  });
});
