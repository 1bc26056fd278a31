import { describe, expect, it, vi } from "vitest";
import { en } from "./messages/en";
import { es } from "./messages/es";
import { describeSeal, eventRows, isPdf, lookUp, sha256Hex, toHex } from "./verify";

const verification = {
  sealed: true as const,
  documentId: "0b9f3c52-6a8e-4f57-9d38-1f2a3b4c5d6e",
  projectName: "Garza Residence Repaint",
  amount: "$48,500.00",
  signers: [
    { name: "Maria Garza", signedAt: "2026-11-21T10:00:00.000Z" },
    { name: "Luis Garza", signedAt: "2026-11-21T18:30:00.000Z" },
  ],
  sealedAt: "2026-11-21T18:31:00.000Z",
  events: [
    { kind: "sent", at: "2026-11-20T09:00:00.000Z", signer: null, ip: "203.0.113.9", userAgent: "Mozilla/5.0" },
    { kind: "signed", at: "2026-11-21T10:00:00.000Z", signer: "Maria Garza", ip: "198.51.100.7", userAgent: "Phone" },
    { kind: "sealed", at: "2026-11-21T18:31:00.000Z", signer: null, ip: null, userAgent: null },
  ],
};

describe("/verify", () => {
  it("fingerprints a file with SHA-256 in lowercase hex", async () => {
    expect(toHex(new Uint8Array([0, 15, 255]).buffer)).toBe("000fff");
    expect(await sha256Hex(new Blob(["abc"]))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("says who sealed it, when (UTC) and for whom, with the facts", () => {
    const { summary, facts } = describeSeal(verification, "Anchor Line Construction", en);
    expect(summary).toBe(
      "Sealed by Anchor Line Construction on November 21, 2026, 18:31 UTC for Maria Garza and Luis Garza.",
    );
    expect(facts).toEqual([
      ["Project", "Garza Residence Repaint"],
      ["Amount", "$48,500.00"],
      ["Document ID", verification.documentId],
      ["Signed by Maria Garza", "November 21, 2026, 10:00 UTC"],
      ["Signed by Luis Garza", "November 21, 2026, 18:30 UTC"],
    ]);
  });

  it("lists the sealed file's events as its certificate page does, oldest first", () => {
    expect(eventRows(verification, en)).toEqual([
      ["November 20, 2026, 09:00 UTC", "sent", "", "203.0.113.9"],
      ["November 21, 2026, 10:00 UTC", "signed", "Maria Garza", "198.51.100.7"],
      ["November 21, 2026, 18:31 UTC", "sealed", "", ""],
    ]);
  });

  it.each([
    [new Response(JSON.stringify(verification), { status: 200 }), "sealed"],
    [new Response(JSON.stringify({ error: "Not found", code: "not_found" }), { status: 404 }), "unknown"],
    [new Response(JSON.stringify({ error: "Try later", code: "rate_limited" }), { status: 429 }), "failed"],
  ])("looks the fingerprint up: %#", async (response, kind) => {
    const fetchImpl = vi.fn(async () => response);
    const lookup = await lookUp("ab".repeat(32), en, fetchImpl as unknown as typeof fetch);
    expect(lookup.kind).toBe(kind);
    expect(fetchImpl).toHaveBeenCalledWith(`/api/verify/${"ab".repeat(32)}`);
    if (lookup.kind === "failed") expect(lookup.message).toBe("Try later");
  });

  it("says it in Spanish, with dates in es-US and the stored event kind beside its word", () => {
    const { summary, facts } = describeSeal(verification, "Anchor Line Construction", es);
    expect(summary).toBe(
      "Sellado por Anchor Line Construction el 21 de noviembre de 2026, 18:31 UTC para Maria Garza y Luis Garza.",
    );
    expect(facts).toEqual([
      ["Proyecto", "Garza Residence Repaint"],
      ["Importe", "$48,500.00"],
      ["Identificador del documento", verification.documentId],
      ["Firmado por Maria Garza", "21 de noviembre de 2026, 10:00 UTC"],
      ["Firmado por Luis Garza", "21 de noviembre de 2026, 18:30 UTC"],
    ]);
    expect(
      eventRows(
        { ...verification, events: [...verification.events, { ...verification.events[2]!, kind: "new-kind" }] },
        es,
      ),
    ).toEqual([
      ["20 de noviembre de 2026, 09:00 UTC", "enviado (sent)", "", "203.0.113.9"],
      ["21 de noviembre de 2026, 10:00 UTC", "firmado (signed)", "Maria Garza", "198.51.100.7"],
      ["21 de noviembre de 2026, 18:31 UTC", "sellado (sealed)", "", ""],
      ["21 de noviembre de 2026, 18:31 UTC", "new-kind", "", ""],
    ]);
  });

  it("words a failed lookup in the page's language", async () => {
    const refused = vi.fn(async () => new Response("oops", { status: 502 }));
    expect(await lookUp("ab".repeat(32), es, refused as unknown as typeof fetch)).toEqual({
      kind: "failed",
      message: "El servidor respondió 502.",
    });
    const offline = vi.fn(async () => Promise.reject(new TypeError("offline")));
    expect(await lookUp("ab".repeat(32), es, offline as unknown as typeof fetch)).toEqual({
      kind: "failed",
      message: es.network,
    });
  });

  it.each([
    [new File(["%PDF"], "signed.pdf"), true],
    [new File(["%PDF"], "SIGNED.PDF"), true],
    [new File(["%PDF"], "download", { type: "application/pdf" }), true],
    [new File(["x"], "photo.jpg", { type: "image/jpeg" }), false],
  ])("%#: PDF %j", (file, expected) => {
    expect(isPdf(file)).toBe(expected);
  });
});
