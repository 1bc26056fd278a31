import { describe, expect, it, vi } from "vitest";
import { sentDocumentSchema, type BodyNode } from "~/schemas/bids";
import { FIXTURE_DOCUMENT_ID, certificateFacts, defaultSentDocument } from "../../../../test/fixtures/bid-document";
import { pdfAttachments, pdfFontTable, pdfPages, pdfText } from "../../../../test/pdf";
import { utc } from "./certificate";
import { EVENT_LOG_FILE, eventLog, renderBidPdf, validUntil } from "./render";

const documentId = FIXTURE_DOCUMENT_ID;
const expiresOn = "2026-12-26";

describe("renderBidPdf", () => {
  it("prints the default proposal on one Letter page: project, amounts, breakdown and the validity", async () => {
    const pdf = await renderBidPdf({ document: defaultSentDocument(), documentId, expiresOn });
    expect(await pdfPages(pdf)).toBe(1);
    const text = await pdfText(pdf);
    for (const shown of [
      "The Residences at Cypress Creek",
      "Project Name:",
      "Project Location:",
      "$485,000.00",
      "Turnkey price, including:",
      "Paint Materials",
      "$291,000.00",
      "Valid until December 26, 2026",
      "SCOPE OF WORK",
      "Inclusions",
      "Exclusions",
      "-$18,200.00",
    ]) {
      expect(text).toContain(shown);
    }
  });

  it("adds the certificate page: ids, hashes, signers and every event in UTC", async () => {
    const pdf = await renderBidPdf({
      document: defaultSentDocument(),
      documentId,
      expiresOn,
      certificate: certificateFacts(),
    });
    expect(await pdfPages(pdf)).toBe(2);
    const text = await pdfText(pdf);
    for (const shown of [
      "Certificate of completion",
      documentId,
      "3f".repeat(32),
      "c0".repeat(32),
      "Jane Q. Client",
      "jane@example.com",
      "Jane Quincy Client",
      "2026-11-27T15:04:05Z",
      "2026-11-26T10:00:00Z",
      "198.51.100.7",
      "Check this document at https://www.example.com/verify",
    ]) {
      expect(text).toContain(shown);
    }
  });

  it("flows a long body onto more pages", async () => {
    const document = defaultSentDocument();
    const paragraph = (n: number): BodyNode => ({
      tag: "p",
      children: [`Paragraph ${n}. ${"Surface preparation and two coats. ".repeat(12)}`],
    });
    document.body = [
      ...document.body,
      ...Array.from({ length: 60 }, (_, n) => paragraph(n + 1)),
      { tag: "p", children: ["The end of the body."] },
    ];
    const pdf = await renderBidPdf({ document, documentId, expiresOn });
    expect(await pdfPages(pdf)).toBeGreaterThanOrEqual(5);
    expect(await pdfText(pdf)).toContain("The end of the body.");
  });

  it("draws the editor's formatting: numbered lists from their start, sizes, underline, alignment, columns", async () => {
    const document = defaultSentDocument();
    document.body = [
      {
        tag: "ol",
        start: 7,
        children: [
          { tag: "li", children: [{ tag: "p", children: ["seventh item"] }] },
          { tag: "li", children: ["eighth item"] },
        ],
      },
      {
        tag: "p",
        align: "right",
        children: [
          { tag: "small", children: ["small print"] },
          { tag: "br", children: [] },
          { tag: "large", children: ["large print"] },
        ],
      },
      {
        tag: "p",
        children: [{ tag: "u", children: [{ tag: "em", children: [{ tag: "strong", children: ["all three"] }] }] }],
      },
      {
        tag: "columns",
        children: [
          { tag: "column", children: ["left column"] },
          { tag: "column", children: ["right column"] },
        ],
      },
    ];
    const text = await pdfText(await renderBidPdf({ document, documentId, expiresOn }));
    expect(text).toMatch(/7\.\s+seventh item/);
    expect(text).toMatch(/8\.\s+eighth item/);
    expect(text).toMatch(/left column\s+right column/);
    for (const shown of ["small print", "large print", "all three"]) expect(text).toContain(shown);
  });

  it("draws whatever a client or the editor typed as literal text", async () => {
    const hostile = "<script>alert(1)</script>";
    const document = defaultSentDocument();
    document.content.projectName = `${hostile} & "quotes"`;
    document.body = [{ tag: "p", children: [hostile] }];
    const certificate = certificateFacts({
      signers: [{ name: hostile, email: "x@example.com", typedName: hostile, signedAt: "not a time", drawing: null }],
    });
    const text = await pdfText(await renderBidPdf({ document, documentId, expiresOn, certificate }));
    expect(text).toContain(`${hostile} & "quotes"`);
    expect(text.split(hostile).length - 1).toBeGreaterThanOrEqual(4);
    expect(text).toContain("not a time");
  });

  it("prints every signer's name, typed name and the document in any script exactly as typed", async () => {
    const names = ["Nguyễn Thị Minh Khai", "María José Muñoz Peña", "Γιώργος Παπαδόπουλος", "Анна Кузнецова"];
    const typed = ["王小明", "김민준", "やまだ たろう", "Łukasz Żółć"];
    const certificate = certificateFacts({
      signers: names.map((name, i) => ({
        name,
        email: `s${i}@example.com`,
        typedName: typed[i]!,
        signedAt: "2026-11-27T15:04:05Z",
        drawing: null,
      })),
    });
    const document = defaultSentDocument();
    document.content.projectName = "Chung cư Sông Sài Gòn 西贡河公寓";
    document.body = [{ tag: "p", children: ["Sơn nước, pintura, βαφή, покраска, 涂料, 페인트"] }];
    const pdf = await renderBidPdf({ document, documentId, expiresOn, certificate });
    const text = await pdfText(pdf);
    for (const shown of [
      ...names,
      ...typed,
      document.content.projectName,
      "Sơn nước, pintura, βαφή, покраска, 涂料, 페인트",
    ])
      expect(text).toContain(shown);
  });

  it("leaves out an image that cannot be read instead of failing the send", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const document = defaultSentDocument();
    document.settings.logo = "data:image/png;base64,AAAA";
    const certificate = certificateFacts();
    certificate.signers[0].drawing = "data:image/png;base64,AAAA";
    const pdf = await renderBidPdf({ document, documentId, expiresOn, certificate });
    expect(await pdfPages(pdf)).toBe(2);
    expect(await pdfText(pdf)).toContain("The Residences at Cypress Creek");
    warn.mockRestore();
    error.mockRestore();
  });

  it("the fixture is a document the send accepts", () => {
    expect(sentDocumentSchema.safeParse(defaultSentDocument()).success).toBe(true);
  });

  it.each([
    ["Arial", "NotoSans-Regular"],
    ["Inter", "NotoSans-Regular"],
    ["Helvetica", "NotoSans-Regular"],
    ["Times New Roman", "NotoSerif-Regular"],
  ] as const)("draws %s in %s, every font embedded as a subset", async (fontFamily, face) => {
    const document = defaultSentDocument();
    document.settings.fontFamily = fontFamily;
    const fonts = await pdfFontTable(
      await renderBidPdf({ document, documentId, expiresOn, certificate: certificateFacts() }),
    );
    // A subset's name is its face's after a six-letter tag ("ABCDEF+NotoSans-Regular").
    expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, ""))).toContain(face);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font, font.name).toMatchObject({ embedded: true, subset: true });
  });

  it("prints the expiry day as a long US date", () => {
    expect(validUntil("2026-12-26")).toBe("Valid until December 26, 2026");
    expect(validUntil("2027-01-01")).toBe("Valid until January 1, 2027");
  });
});

describe("the event log a certified PDF carries", () => {
  it("attaches the certificate's signers and events, as stored, as event-log.json", async () => {
    const facts = certificateFacts();
    facts.signers[0]!.name = "Nguyễn Thị Minh Khai";
    const pdf = await renderBidPdf({ document: defaultSentDocument(), documentId, expiresOn, certificate: facts });
    const attached = await pdfAttachments(pdf);
    expect(Object.keys(attached)).toEqual([EVENT_LOG_FILE]);
    const log = JSON.parse(attached[EVENT_LOG_FILE]!) as ReturnType<typeof JSON.parse>;
    expect(log).toEqual(JSON.parse(eventLog(facts)));
    expect(log.documentId).toBe(facts.documentId);
    expect(log.events).toEqual(facts.events);
    expect(log.signers[0].name).toBe("Nguyễn Thị Minh Khai");
    expect(log.signers[0]).not.toHaveProperty("drawing");
    // The page lists the same events.
    const text = await pdfText(pdf);
    for (const event of facts.events) expect(text).toContain(utc(event.at));
  });

  it("a proposal without a certificate carries no attachment", async () => {
    const pdf = await renderBidPdf({ document: defaultSentDocument(), documentId, expiresOn });
    expect(await pdfAttachments(pdf)).toEqual({});
  });
});
