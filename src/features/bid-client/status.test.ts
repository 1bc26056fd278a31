import { afterEach, describe, expect, it } from "vitest";
import { sampleBidView } from "../../../test/fixtures/bid-view";
import type { BidView } from "~/schemas/bids";
import type { Failure } from "./signing-api";
import { doneText, failureNotice, placeFor, signerProgress } from "./status";
import { useMessages } from "./language";
import { en } from "./messages/en";
import { es } from "./messages/es";

const signed = {
  name: "Maria Garza",
  email: "m@x",
  consentedAt: null,
  signedAt: "2026-11-21T10:00:00Z",
  declinedAt: null,
  language: "en" as const,
};

describe("placeFor", () => {
  it.each([
    ["an open bid", sampleBidView(), "read"],
    ["a sent bid", sampleBidView({ status: "sent" }), "read"],
    ["an accepted bid", sampleBidView({ status: "accepted" }), "done"],
    ["this signer signed, the other not yet", sampleBidView({ signer: signed }), "done"],
  ])("%s: %s", (_, view, screen) => {
    expect(placeFor(view).screen).toBe(screen);
  });

  it.each<[BidView, string, { renewal?: boolean; download?: boolean }]>([
    [sampleBidView({ status: "expired" }), "This bid expired on December 20, 2026", { renewal: true }],
    [sampleBidView({ status: "withdrawn" }), "This bid was withdrawn", {}],
    [sampleBidView({ status: "replaced" }), "This bid was replaced", {}],
    [
      sampleBidView({ status: "declined", signer: { ...signed, signedAt: null, declinedAt: "2026-11-21T10:00:00Z" } }),
      "You declined this bid",
      { download: true },
    ],
    [sampleBidView({ status: "declined" }), "This bid was declined", { download: true }],
    // Withdrawn outranks this signer's own signature: the bid can no longer complete.
    [sampleBidView({ status: "withdrawn", signer: signed }), "This bid was withdrawn", {}],
  ])("%#: notice %j", (view, heading, actions) => {
    const place = placeFor(view);
    expect(place.screen).toBe("notice");
    if (place.screen !== "notice") return;
    expect(place.notice.heading).toBe(heading);
    expect(place.notice.renewal ?? false).toBe(actions.renewal ?? false);
    expect(place.notice.download ?? false).toBe(actions.download ?? false);
    expect(place.notice.contact).toBe(true);
  });

  it("a replaced bid points to the newest e-mail", () => {
    const place = placeFor(sampleBidView({ status: "replaced" }));
    expect(place.screen === "notice" && place.notice.text).toBe(
      "This bid was replaced by a newer one; use the link in the newest e-mail.",
    );
  });
});

describe("failureNotice", () => {
  const failure = (status: number, code: Failure["code"], retryAfter?: number): Failure => ({
    status,
    code,
    error: "words",
    retryAfter,
  });

  it.each<[Failure, string | undefined]>([
    [failure(404, "not_found"), "This link is not valid"],
    [failure(429, "rate_limited", 600), "Too many attempts"],
    [failure(403, "staff_cannot_sign"), "Staff cannot sign as the client"],
    [failure(400, "invalid_code"), undefined],
    [failure(0, "network"), undefined],
    [failure(500, "internal"), undefined],
  ])("%j → %j", (input, heading) => {
    expect(failureNotice(input)?.heading).toBe(heading);
  });

  it("says how long to wait, from Retry-After", () => {
    expect(failureNotice(failure(429, "rate_limited", 600))?.text).toBe("Too many attempts, try again in 10 minutes.");
    expect(failureNotice(failure(429, "rate_limited"))?.text).toBe("Too many attempts, try again later.");
  });

  it("a staff session sees the explanation and nothing else", () => {
    const notice = failureNotice(failure(403, "staff_cannot_sign"))!;
    expect(notice.text).toMatch(/^You are signed in to the staff portal in this browser\./);
    expect(notice).toMatchObject({ contact: false });
    expect(notice.renewal ?? notice.download).toBeFalsy();
  });
});

describe("progress and the done screen", () => {
  it.each([
    [{ name: "A", signed: true, declined: false }, "Signed"],
    [{ name: "A", signed: false, declined: true }, "Declined"],
    [{ name: "A", signed: false, declined: false }, "Not signed yet"],
  ])("%j reads %j", (signer, text) => {
    expect(signerProgress(signer)).toBe(text);
  });

  it("names who still has to sign", () => {
    const view = sampleBidView({
      signer: signed,
      signers: [
        { name: "Maria Garza", signed: true, declined: false },
        { name: "Luis Garza", signed: false, declined: false },
      ],
    });
    expect(doneText(view)).toMatchObject({ heading: "You signed", text: expect.stringContaining("Luis Garza") });
  });

  it.each([
    [false, /being prepared/],
    [true, /Download the signed PDF/],
  ])("accepted, sealed %j", (sealed, text) => {
    const view = sampleBidView({ status: "accepted", sealed });
    expect(doneText(view)).toMatchObject({ heading: "Signed", text: expect.stringMatching(text) });
  });
});

describe("in Spanish", () => {
  afterEach(() => useMessages(en));

  it("words the notices, the progress and the waits in Spanish, dates in es-US", () => {
    useMessages(es);
    const expired = placeFor(sampleBidView({ status: "expired" }));
    expect(expired.screen === "notice" && expired.notice.heading).toBe(
      "Esta propuesta venció el 20 de diciembre de 2026",
    );
    expect(signerProgress({ name: "A", signed: true, declined: false })).toBe("Firmó");
    expect(failureNotice({ status: 429, code: "rate_limited", error: "x", retryAfter: 120 })?.text).toBe(
      "Demasiados intentos, inténtelo de nuevo en 2 minutos.",
    );
  });

  it("has every entry the English catalogue has, each in its own words", () => {
    const keys = (o: object): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === "object" ? keys(v).map((x) => `${k}.${x}`) : [k]));
    expect(keys(es).sort()).toEqual(keys(en).sort());
    const same = keys(en).filter((k) => {
      const get = (o: object) => k.split(".").reduce<unknown>((v, p) => (v as Record<string, unknown>)[p], o);
      const [a, b] = [get(en), get(es)];
      return typeof a === "function"
        ? String((a as (x: unknown, y: unknown, z: unknown) => string)("X", "Y", "Z")) ===
            String((b as (x: unknown, y: unknown, z: unknown) => string)("X", "Y", "Z"))
        : a === b;
    });
    expect(same).toEqual([]);
  });
});
