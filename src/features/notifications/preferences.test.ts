import { describe, expect, test } from "vitest";
import { ApiError } from "~/lib/api-client";
import { addressStatus, draftOf, errorsOfRefusal, validateDraft } from "./preferences";

describe("validateDraft", () => {
  test.each([
    [
      { email: " a@example.com ", notify: "each" },
      { email: "a@example.com", notify: "each" },
    ],
    [
      { email: "", notify: "none" },
      { email: null, notify: "none" },
    ],
    [
      { email: "a@example.com", notify: "none" },
      { email: "a@example.com", notify: "none" },
    ],
  ] as const)("%j is sent as %j", (draft, body) => {
    expect(validateDraft(draft)).toEqual({ ok: true, body });
  });

  test.each([
    [{ email: "", notify: "each" }, "Enter the address the e-mails should go to"],
    [{ email: "  ", notify: "digest" }, "Enter the address the e-mails should go to"],
    [{ email: "nobody", notify: "each" }, "Enter a valid e-mail address"],
  ] as const)("%j is refused on the address: %s", (draft, message) => {
    expect(validateDraft(draft)).toEqual({ ok: false, errors: { email: message } });
  });
});

const settings = { email: null, notify: "none", pendingEmail: null, pendingUntil: null } as const;

test("draftOf shows no address as an empty field", () => {
  expect(draftOf(settings)).toEqual({ email: "", notify: "none" });
});

test("draftOf shows the address waiting for its link over the confirmed one", () => {
  const waiting = {
    ...settings,
    email: "old@example.com",
    pendingEmail: "new@example.com",
    pendingUntil: "2026-03-02T12:00:00.000Z",
  };
  expect(draftOf(waiting)).toEqual({ email: "new@example.com", notify: "none" });
});

describe("addressStatus", () => {
  test("says where e-mails go, and that none go anywhere without a confirmed address", () => {
    expect(addressStatus({ ...settings, email: "a@example.com" })).toEqual({ current: "E-mails go to a@example.com." });
    expect(addressStatus(settings).current).toMatch(/No confirmed address/);
  });

  test("says a confirmation is pending, to which address and until when", () => {
    const status = addressStatus({
      ...settings,
      pendingEmail: "new@example.com",
      pendingUntil: "2026-03-02T12:00:00.000Z",
    });
    expect(status.pending).toMatch(/^Confirmation pending: open the link we sent to new@example\.com by Mar \d, 2026/);
  });
});

describe("errorsOfRefusal", () => {
  const body = (value: unknown) => JSON.stringify(value);
  test.each([
    [new ApiError(409, "409", body({ error: "You are the last person" })), { form: "You are the last person" }],
    [
      new ApiError(400, "400", body({ error: "Invalid request body", issues: [{ path: ["email"], message: "Bad" }] })),
      { email: "Bad" },
    ],
    [
      new ApiError(0, "Network error"),
      { form: "The server could not be reached. Check your connection and try again." },
    ],
    [
      new ApiError(500, "500", body({ error: "Internal server error" })),
      { form: "The settings could not be saved. Please try again." },
    ],
    [new Error("boom"), { form: "The settings could not be saved. Please try again." }],
  ])("%s", (error, errors) => {
    expect(errorsOfRefusal(error)).toEqual(errors);
  });
});
