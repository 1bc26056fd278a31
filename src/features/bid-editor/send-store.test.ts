// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { BID_LIMITS } from "~/schemas/bid-fields";
import { sentDocumentSchema } from "~/schemas/bids";
import { inlineLogoPlan } from "./logo-inline";
import { unprintableMessage } from "~/schemas/printable";
import { $sendErrors, formErrors, sentDocument, setSignerField, type SendForm } from "./send-store";

const now = new Date("2026-11-26T16:00:00Z");
const form = (extra: Partial<SendForm> = {}): SendForm => ({
  signers: [{ name: "Ana Ruiz", email: "ana@example.com" }],
  message: "",
  expiresOn: "2026-12-26",
  ...extra,
});

describe("the send form's own check", () => {
  it.each<[string, Partial<SendForm>, Record<string, string>]>([
    ["one signer", {}, {}],
    [
      "two signers",
      {
        signers: [
          { name: "Ana Ruiz", email: "ana@example.com" },
          { name: "Luis Ruiz", email: "luis@example.com" },
        ],
      },
      {},
    ],
    [
      "a blank name",
      { signers: [{ name: "  ", email: "ana@example.com" }] },
      { "signers.0.name": "Signer name is required" },
    ],
    [
      "the second signer's bad address",
      {
        signers: [
          { name: "Ana Ruiz", email: "ana@example.com" },
          { name: "Luis Ruiz", email: "luis@" },
        ],
      },
      { "signers.1.email": "Enter a valid e-mail address" },
    ],
    ["a Spanish signer", { signers: [{ name: "Ana Ruiz", email: "ana@example.com", language: "es" }] }, {}],
    ["an expiry today", { expiresOn: "2026-11-26" }, {}],
    ["an expiry yesterday", { expiresOn: "2026-11-25" }, { expiresOn: "The expiry day is in the past" }],
    ["no expiry", { expiresOn: "" }, { expiresOn: "Choose the last day the bid can be signed" }],
    ["a message too long", { message: "x".repeat(BID_LIMITS.message + 1) }, { message: "At most 2,000 characters" }],
    ["a name in Vietnamese", { signers: [{ name: "Nguyễn Thị Minh Khai", email: "k@example.com" }] }, {}],
    [
      "a name the PDF cannot print",
      { signers: [{ name: "Ana 😀", email: "ana@example.com" }] },
      { "signers.0.name": unprintableMessage("Signer name", "😀") },
    ],
    ["a message the PDF cannot print", { message: "Hi 👋" }, { message: unprintableMessage("Message", "👋") }],
  ])("%s", (_, extra, errors) => {
    expect(formErrors(form(extra), now)).toEqual(errors);
  });

  it("names a character the PDF cannot print as the name is typed, and clears it once removed", () => {
    setSignerField(0, "name", "Ana 😀");
    expect($sendErrors.get()["signers.0.name"]).toBe(unprintableMessage("Signer name", "😀"));
    setSignerField(0, "name", "Ana");
    expect($sendErrors.get()).not.toHaveProperty("signers.0.name");
  });
});

describe("the logo a bid carries", () => {
  it.each([
    ["data:image/png;base64,iVBORw0KGgo=", "keep"],
    ["data:image/jpeg;base64,/9j/4AAQ", "keep"],
    ["data:image/webp;base64,UklGR", "draw"],
    ["/portal/default-logo.png", "draw"],
    ["/api/signature-images/abc.png", "draw"],
    ["data:image/svg+xml;base64,PHN2Zz4=", "refuse"],
    ["/uploads/logo.svg", "refuse"],
    ["https://elsewhere.example/logo.png", "refuse"],
    ["javascript:alert(1)", "refuse"],
    [`data:image/png;base64,${"A".repeat(BID_LIMITS.logoChars)}`, "draw"],
  ])("%s: %s", (src, plan) => {
    expect(inlineLogoPlan(src)).toBe(plan);
  });
});

describe("the sent document", () => {
  it("is the editor's document as the contract takes it: no logo source, the body as a tree", async () => {
    const document = await sentDocument();
    expect(sentDocumentSchema.safeParse(document).success).toBe(true);
    expect(document.settings).not.toHaveProperty("logoFile");
    // jsdom draws no images: a logo that cannot be drawn is left out rather than failing the send.
    expect(document.settings.logo).toBeNull();
    expect(document.body[0]).toEqual({ tag: "h2", children: ["Scope of Work"] });
  });
});
