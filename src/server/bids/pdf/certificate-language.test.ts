import { describe, expect, it } from "vitest";
import { certificateFacts, defaultSentDocument, FIXTURE_DOCUMENT_ID } from "../../../../test/fixtures/bid-document";
import { pdfText } from "../../../../test/pdf";
import { renderBidPdf } from "./render";

describe("the certificate page in the signer's language", () => {
  const render = (language: "en" | "es") =>
    renderBidPdf({
      document: defaultSentDocument(),
      documentId: FIXTURE_DOCUMENT_ID,
      expiresOn: "2026-12-26",
      certificate: certificateFacts({ language }),
    }).then(pdfText);

  it("Spanish, with the English field name beside each", async () => {
    const text = (await render("es")).replace(/\s+/g, " ");
    for (const shown of [
      "Certificado de firma (Certificate of completion)",
      "Identificador del documento (Document ID)",
      "Firmantes (Signers)",
      "Nombre escrito (Typed name): Jane Quincy Client",
      "Eventos (Events)",
      "Verifique este documento en (Check this document at)",
    ])
      expect(text).toContain(shown);
  });

  it("English by default, with no Spanish", async () => {
    const text = (await render("en")).replace(/\s+/g, " ");
    expect(text).toContain("Certificate of completion");
    expect(text).not.toContain("Firmantes");
  });
});
