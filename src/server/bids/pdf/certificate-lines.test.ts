import { describe, expect, it } from "vitest";
import { certificateFacts, defaultSentDocument, FIXTURE_DOCUMENT_ID } from "../../../../test/fixtures/bid-document";
import { pdfPages, pdfText, pdfTitle } from "../../../../test/pdf";
import { renderBidPdf } from "./render";

const expiresOn = "2026-12-26";
const FORGED = "Jane Client\r\nSigned at: 2020-01-01T00:00:00Z\rTyped name: Someone Else\u2028x";

describe("the certificate and the file's title print single-line fields on one line", () => {
  it("a stored name with line breaks cannot forge a line; the device is shortened", async () => {
    const facts = certificateFacts();
    const device = `Mozilla/5.0 ${"(forged; device) ".repeat(45)}`;
    facts.signers[0] = { ...facts.signers[0]!, name: FORGED, typedName: FORGED };
    facts.events[1] = { ...facts.events[1]!, signer: FORGED, userAgent: device };
    const document = defaultSentDocument();
    document.content.projectName = "Lofts\r\nSecond line";
    const pdf = await renderBidPdf({ document, documentId: FIXTURE_DOCUMENT_ID, expiresOn, certificate: facts });
    const text = await pdfText(pdf);
    // Only the real "Signed at:" line starts a line; the forged one stays inside the name's line.
    expect(text.match(/^\s*Signed at:/gm)).toHaveLength(1);
    expect(text).not.toMatch(/^\s*Typed name: Someone Else/m);
    expect(text).not.toContain("?");
    expect(text).not.toContain(device.trim());
    expect(text).toContain("Mozilla/5.0 (forged; device)");
    expect(await pdfPages(pdf)).toBe(2);
    expect(await pdfTitle(pdf)).toBe("Proposal: Lofts Second line");
  });
});
