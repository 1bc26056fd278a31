import { describe, expect, test, vi } from "vitest";
import { CONTACT_PROJECT_TYPE, splitFullName } from "~/schemas/contact-fields";
import { contactMessageSchema } from "~/schemas/contact";
import { contactRateLimited, toastMessages } from "./messages";
import {
  contactResultToast,
  fieldError,
  sendContactMessage,
  toContactPayload,
  visitSource,
  type ContactField,
} from "./contact-form";

describe("agreement with src/schemas/contact.ts", () => {
  test.each([
    ["Maria Elena Garza", "Maria", "Elena Garza"],
    ["  Cher  ", "Cher", ""],
    ["John  Smith", "John", "Smith"],
    ["", "", ""],
  ])("splitFullName(%j) splits at the first space", (name, firstName, lastName) => {
    expect(splitFullName(name)).toEqual({ firstName, lastName });
  });

  test("a payload the form accepts is one the schema accepts", () => {
    const payload = toContactPayload({
      fullName: " Maria Elena Garza ",
      email: " maria@example.com ",
      phone: "",
      message: " Repaint 24 units. ",
      website: "",
    });
    expect(payload).toEqual({
      firstName: "Maria",
      lastName: "Elena Garza",
      email: "maria@example.com",
      phone: "",
      projectType: CONTACT_PROJECT_TYPE,
      message: "Repaint 24 units.",
      website: "",
    });
    expect(contactMessageSchema.safeParse(payload).success).toBe(true);
  });

  test.each([
    [
      "arrived here from a search",
      "https://www.google.com/",
      { referrer: "https://www.google.com/", landing: "https://site.example/contact?utm_source=ad" },
    ],
    [
      "came from another page of the site, which the visit landed on",
      "https://site.example/services?utm_source=ad",
      {
        referrer: "https://site.example/services?utm_source=ad",
        landing: "https://site.example/services?utm_source=ad",
      },
    ],
    ["typed the address", "", { landing: "https://site.example/contact?utm_source=ad" }],
  ])("the visit's source when the visitor %s is one the schema takes", (_, referrer, expected) => {
    const here = {
      origin: "https://site.example",
      pathname: "/contact",
      href: "https://site.example/contact?utm_source=ad",
    };
    const source = visitSource(here, referrer);
    expect(source).toEqual({ page: "/contact", ...expected });
    const payload = { firstName: "A", email: "a@example.com", message: "Hi", ...source };
    expect(contactMessageSchema.safeParse(payload).success).toBe(true);
  });

  test.each(["a@b", "a@b.", "a b@c.com", "@c.com"])(
    "an e-mail the form rejects (%j) is one the schema rejects",
    (email) => {
      expect(fieldError("email", { value: email, required: true })).toBe("Enter a valid e-mail address");
      expect(contactMessageSchema.safeParse({ firstName: "A", email, message: "m" }).success).toBe(false);
    },
  );
});

describe("fieldError", () => {
  test.each<[ContactField, string, boolean, boolean, string | undefined]>([
    ["fullName", "", true, false, "Full name is required"],
    ["fullName", "   ", true, false, "Full name is required"],
    ["fullName", "Maria", true, false, undefined],
    ["email", "", true, false, "Email is required"],
    ["email", "maria@example", true, false, "Enter a valid e-mail address"],
    ["email", "maria@example.com", true, true, "Enter a valid e-mail address"],
    ["email", "maria@example.com", true, false, undefined],
    ["phone", "", false, false, undefined],
    ["message", "", true, false, "Project details is required"],
  ])("%s %j (required %s, mismatch %s) -> %s", (field, value, required, typeMismatch, expected) => {
    expect(fieldError(field, { value, required, typeMismatch })).toBe(expected);
  });
});

describe("sendContactMessage", () => {
  const respond = (status: number, headers: Record<string, string> = {}) =>
    vi.fn<typeof fetch>(async () => new Response("{}", { status, headers }));

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
    ["500", respond(500), { ok: false, rateLimited: false, retryAfter: null }],
    [
      "429 with Retry-After",
      respond(429, { "Retry-After": "120" }),
      { ok: false, rateLimited: true, retryAfter: "120" },
    ],
    ["429 without Retry-After", respond(429), { ok: false, rateLimited: true, retryAfter: null }],
    ["network error", vi.fn<typeof fetch>(async () => Promise.reject(new TypeError("offline"))), { ok: false }],
  ])("%s", async (_name, fetchImpl, expected) => {
    expect(await sendContactMessage({}, fetchImpl)).toEqual(expected);
  });
});

describe("contactResultToast", () => {
  test.each([
    ["success", { ok: true } as const, toastMessages.contactSuccess],
    ["failure", { ok: false }, toastMessages.contactFailure],
    ["429, Retry-After 120", { ok: false, rateLimited: true, retryAfter: "120" }, contactRateLimited("in 2 minutes")],
    ["429 without Retry-After", { ok: false, rateLimited: true, retryAfter: null }, contactRateLimited("later")],
  ])("%s", (_name, result, expected) => {
    expect(contactResultToast(result)).toEqual(expected);
  });

  test("texts are the required ones, word for word", () => {
    expect(toastMessages.contactSuccess).toEqual({
      title: "Message sent successfully!",
      description: "We'll get back to you soon.",
    });
    expect(toastMessages.contactFailure).toEqual({
      title: "Error sending message",
      description: "Please try again later.",
      variant: "destructive",
    });
    expect(contactRateLimited("in 2 minutes").description).toBe(
      "Too many messages from this connection. Please try again in 2 minutes.",
    );
  });
});
