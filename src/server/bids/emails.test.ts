import { describe, expect, it } from "vitest";
import { company } from "~/config/company";
import type { Queryable } from "~/server/db";
import { bidEmail, type BidMailRow } from "./emails";
import type { BidMailKind } from "./mail-queue";

const CONTEXT = { siteUrl: "https://www.example.com", from: "p@example.com", to: "x@example.com", messageId: "m@x" };
const SECRET = "A".repeat(43);

/** A database that answers the one row a bid e-mail reads: the version's facts and the signer's language. */
const versionDb = (language: "en" | "es" | null): Queryable =>
  ({
    query: async () => [
      {
        projectName: "Cypress Creek",
        amount: "$485,000.00",
        expiresOn: "2026-12-20",
        sender: "Sam Sender",
        message: "",
        sentAt: new Date("2026-11-20T15:00:00Z"),
        signer: language ? "María José Muñoz Peña" : null,
        language,
        sealedPdf: new Uint8Array([37, 80, 68, 70]),
        sealedSha256: "ab".repeat(32),
      },
    ],
  }) as unknown as Queryable;

const FACTS: Record<BidMailKind, Record<string, string>> = {
  "bid-link": { secret: SECRET },
  "bid-code": { code: "123456" },
  "bid-reminder": { secret: SECRET },
  "bid-expiry": { secret: SECRET },
  "bid-sealed": {},
  "bid-update": { event: "viewed", signer: "María" },
};

const mail = async (kind: BidMailKind, language: "en" | "es" | null) => {
  const row: BidMailRow = { kind, bidVersionId: "v", bidSignerId: language ? "s" : null, facts: FACTS[kind] };
  const sent = await bidEmail(versionDb(language), row, CONTEXT);
  return { subject: String(sent!.subject), text: String(sent!.text) };
};

/** Each signer e-mail's subject and a sentence of its text, in each language: the language of every template. */
const SIGNER_MAILS: [BidMailKind, { en: [string, string]; es: [string, string] }][] = [
  [
    "bid-link",
    {
      en: [
        `Proposal from ${company.name}: Cypress Creek`,
        "It can be signed until the end of Sunday, December 20, 2026.",
      ],
      es: [
        `Propuesta de ${company.name}: Cypress Creek`,
        "Se puede firmar hasta el final del domingo, 20 de diciembre de 2026.",
      ],
    },
  ],
  [
    "bid-code",
    {
      en: ["Your code to sign the proposal for Cypress Creek", "Your code is 123456. It works for 10 minutes."],
      es: [
        "Su código para firmar la propuesta para Cypress Creek",
        "Su código es 123456. Es válido durante 10 minutos.",
      ],
    },
  ],
  [
    "bid-reminder",
    {
      en: ["Reminder: proposal for Cypress Creek", "Sam Sender sent it to you on November 20, 2026."],
      es: ["Recordatorio: propuesta para Cypress Creek", "Sam Sender se la envió el 20 de noviembre de 2026."],
    },
  ],
  [
    "bid-expiry",
    {
      en: ["Reminder: proposal for Cypress Creek", "The proposal for Cypress Creek ($485,000.00) expires soon."],
      es: ["Recordatorio: propuesta para Cypress Creek", "La propuesta para Cypress Creek ($485,000.00) vence pronto."],
    },
  ],
  [
    "bid-sealed",
    {
      en: ["Signed proposal: Cypress Creek", "The signed PDF is attached."],
      es: ["Propuesta firmada: Cypress Creek", "Adjuntamos el PDF firmado."],
    },
  ],
];

describe("bid e-mails speak the signer's language", () => {
  it.each(SIGNER_MAILS)("%s", async (kind, expected) => {
    for (const language of ["en", "es"] as const) {
      const { subject, text } = await mail(kind, language);
      expect(subject).toBe(expected[language][0]);
      expect(text).toContain(expected[language][1]);
    }
  });

  it("a Spanish signer's links open the Spanish page", async () => {
    expect((await mail("bid-link", "es")).text).toContain(`https://www.example.com/bid/es#${SECRET}`);
    expect((await mail("bid-reminder", "en")).text).toContain(`https://www.example.com/bid#${SECRET}`);
  });

  it("the sender's e-mails stay in English (staff read the portal in English)", async () => {
    expect((await mail("bid-update", null)).subject).toBe("Bid update: Cypress Creek");
    expect((await mail("bid-sealed", null)).text).toContain("is signed by everyone");
  });
});
