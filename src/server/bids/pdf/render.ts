/**
 * TEMPORARY STAND-IN (bids-server branch): the real renderer is built in the bids-pdf branch and replaces this
 * file at merge. It only makes a one-page PDF naming the project, so the server's types and routes hold.
 */
import type { SentDocument } from "~/schemas/bids";

/** The facts the certificate page prints. */
export type CertificateFacts = {
  documentId: string;
  sentSha256: string;
  consentHash: string;
  verifyUrl: string;
  signers: { name: string; email: string; typedName: string; signedAt: string; drawing: string | null }[];
  events: { kind: string; at: string; signer: string | null; ip: string | null; userAgent: string | null }[];
};

/** A minimal one-page PDF with the project's name (and, sealed, the document id). */
export async function renderBidPdf(input: {
  document: SentDocument;
  documentId: string;
  expiresOn: string;
  certificate?: CertificateFacts;
}): Promise<Uint8Array> {
  const title = `${input.document.content.projectName} ${input.certificate ? `signed ${input.documentId}` : ""}`
    .replace(/[^\x20-\x7e]/g, "?")
    .replace(/[()\\]/g, "");
  const stream = `BT /F1 14 Tf 72 720 Td (${title}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
