import { HTTPException } from "hono/http-exception";
import { Secret, TOTP } from "otpauth";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ERROR_CODES, type ErrorCode } from "~/schemas/error-codes";
import { MAX_BODY_BYTES } from "~/schemas/limits";
import { errorResponse } from "./app";
import { DatabaseUnavailableError } from "./db/types";
import { HttpError } from "./http";
import { useBidPdf } from "./bids/pdf-port";
import { bidToSend, fakeBidPdf, queuedSecrets } from "../../test/fixtures/sent-bid";
import { call, callUnchecked, confirmed, describeEachBackend, loginAs, randomIp, answer } from "../../test/api";

const PASSWORD = "correct horse battery";

/** Every error answer: a JSON body with the human text and one of the known codes. */
async function expectRefusal(res: Response, status: number, code: ErrorCode): Promise<void> {
  const text = await res.clone().text();
  expect(res.status, text).toBe(status);
  const body = JSON.parse(text) as { error?: unknown; code?: unknown };
  expect(body.error, text).toEqual(expect.any(String));
  expect(body.code, text).toBe(code);
  expect(ERROR_CODES).toContain(body.code);
}

describe("errorResponse names every refusal with a code", () => {
  it.each<[string, unknown, number, ErrorCode]>([
    ["an HttpError without a code: its status's", new HttpError(404, "Gone fishing"), 404, "not_found"],
    ["a 400 listing issues", new HttpError(400, "Bad", { issues: [{ path: ["a"] }] }), 400, "validation_failed"],
    ["a 400 without issues", new HttpError(400, "Bad"), 400, "invalid_request"],
    ["an HttpError's own code", new HttpError(409, "Full", { code: "quota_exceeded" }), 409, "quota_exceeded"],
    ["a status without a default", new HttpError(418, "Teapot"), 418, "internal"],
    ["Hono's HTTPException", new HTTPException(400, { message: "Malformed JSON" }), 400, "invalid_request"],
    ["a unique key taken", Object.assign(new Error("dup"), { code: "23505" }), 409, "already_exists"],
    ["a value the database refused", Object.assign(new Error("nul"), { code: "22P05" }), 400, "invalid_value"],
    ["no database", new DatabaseUnavailableError(new Error("down")), 503, "unavailable"],
  ])("%s", async (_, error, status, code) => {
    vi.spyOn(console, "error").mockImplementationOnce(() => {});
    await expectRefusal(errorResponse(error), status, code);
  });

  it("anything unexpected: 500 internal, logged and not exposed", async () => {
    const logged = vi.spyOn(console, "error").mockImplementationOnce(() => {});
    const res = errorResponse(new Error("secret detail"));
    expect(await res.clone().text()).not.toContain("secret detail");
    await expectRefusal(res, 500, "internal");
    expect(logged).toHaveBeenCalled();
  });
});

describeEachBackend("every error answer of the API carries a code", (db) => {
  let admin = "";
  let staff = "";

  beforeAll(async () => {
    await db.createStaff("codes-admin", PASSWORD);
    await db.createStaff("codes-staff", PASSWORD);
    admin = await confirmed(await loginAs("codes-admin", PASSWORD), PASSWORD);
    staff = await loginAs("codes-staff", PASSWORD);
  });

  const login = (json: unknown, ip = randomIp()) => callUnchecked("POST", "/api/portal/login", { json, ip });

  it.each<[string, () => Promise<Response>, number, ErrorCode]>([
    ["400 a body that fails its schema", () => login({}), 400, "validation_failed"],
    [
      "400 malformed JSON",
      () => callUnchecked("POST", "/api/portal/login", { raw: "{", headers: { "content-type": "application/json" } }),
      400,
      "invalid_request",
    ],
    [
      "400 a wrong password when confirming",
      () => call("POST", "/api/portal/account/confirm", { token: staff, json: { password: "not it at all" } }),
      400,
      "wrong_password",
    ],
    ["401 no token", () => call("GET", "/api/portal/templates"), 401, "unauthenticated"],
    [
      "401 a wrong password at sign-in",
      () => login({ username: "codes-staff", password: "not it at all" }),
      401,
      "invalid_credentials",
    ],
    ["403 an admin route for staff", () => call("GET", "/api/portal/staff", { token: staff }), 403, "forbidden"],
    [
      "403 a sensitive change unconfirmed",
      () => call("POST", "/api/portal/account/totp", { token: staff }),
      403,
      "confirmation_required",
    ],
    ["404 an unknown path", () => callUnchecked("GET", "/api/no-such-thing"), 404, "not_found"],
    [
      "404 an unknown row",
      () =>
        call("GET", "/api/portal/templates/:id", {
          param: { id: "00000000-0000-4000-8000-000000000000" },
          token: staff,
        }),
      404,
      "not_found",
    ],
    ["405 a known path, another method", () => callUnchecked("DELETE", "/api/portal/login"), 405, "method_not_allowed"],
    [
      "409 a state that does not allow the change",
      () => call("POST", "/api/portal/account/totp/confirm", { token: admin, json: { code: "123456" } }),
      409,
      "conflict",
    ],
    [
      "413 a body past the cap",
      () => login({ username: "x", password: "y".repeat(MAX_BODY_BYTES) }),
      413,
      "payload_too_large",
    ],
    [
      "415 a body that is not JSON",
      () => callUnchecked("POST", "/api/portal/login", { raw: "a=b", headers: { "content-type": "text/plain" } }),
      415,
      "unsupported_media_type",
    ],
  ])("%s", async (_, request, status, code) => {
    await expectRefusal(await request(), status, code);
  });

  it("400 a wrong authenticator code: invalid_code", async () => {
    const setup = await call("POST", "/api/portal/account/totp", { token: admin });
    const { secret } = await answer(setup, 201);
    const right = TOTP.generate({ secret: Secret.fromBase32(secret) });
    const code = right === "000000" ? "000001" : "000000";
    const wrong = await call("POST", "/api/portal/account/totp/confirm", { token: admin, json: { code } });
    await expectRefusal(wrong, 400, "invalid_code");
  });

  it("403 a staff token on a client's bid link: staff_cannot_sign", async () => {
    const res = await call("POST", "/api/bids/open", { token: staff, json: { secret: "A".repeat(43) } });
    await expectRefusal(res, 403, "staff_cannot_sign");
  });

  it("409 a reply from someone without a confirmed address: reply_address_missing", async () => {
    await call("POST", "/api/contact", {
      json: { firstName: "Code", email: "code@example.com", message: "A question" },
      ip: randomIp(),
    });
    const { items } = await answer(await call("GET", "/api/portal/leads", { token: staff }), 200);
    const res = await call("POST", "/api/portal/leads/:id/replies", {
      param: { id: items[0]!.id },
      token: staff,
      json: { body: "Hi" },
    });
    await expectRefusal(res, 409, "reply_address_missing");
  });

  it("410 signing a withdrawn bid: gone", async () => {
    useBidPdf(fakeBidPdf());
    try {
      const signer = { name: "Gone", email: "gone@example.com" };
      const sent = await call("POST", "/api/portal/bids", { token: staff, json: bidToSend([signer]) });
      const { bidId, versionId } = await answer(sent, 201);
      await call("POST", "/api/portal/bids/:id/withdraw", { param: { id: bidId }, token: staff });
      const secret = (await queuedSecrets(db, versionId))[signer.email]!;
      const res = await call("POST", "/api/bids/decline", {
        json: { secret, reason: "", code: "123456" },
        ip: randomIp(),
      });
      await expectRefusal(res, 410, "gone");
    } finally {
      useBidPdf(undefined);
    }
  });

  it("429 past a limit: rate_limited", async () => {
    const ip = randomIp();
    let res = await login({ username: "codes-nobody", password: "not it at all" }, ip);
    while (res.status === 401) res = await login({ username: "codes-nobody", password: "not it at all" }, ip);
    await expectRefusal(res, 429, "rate_limited");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
