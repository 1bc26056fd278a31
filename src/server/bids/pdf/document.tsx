/**
 * The react-pdf document of a bid and its rendering; loaded only when a PDF is made (render.ts imports it on
 * demand), so the API's other calls never load the layout engine.
 */
import { Document, Font, renderToBuffer } from "@react-pdf/renderer";
import { company } from "~/config/company";
import type { SentDocument } from "~/schemas/bids";
import { CertificatePage } from "./certificate";
import { registerFonts } from "./fonts";
import { ProposalPages } from "./proposal";
import type { CertificateFacts } from "./render";
import { themeOf } from "./theme";

/** Words longer than this may break anywhere (a long address or name), as overflow-wrap: break-word does. */
const LONGEST_WORD = 24;

registerFonts(Font);

// Browsers do not hyphenate the proposal, so neither does the PDF: a word breaks only when it cannot fit a line.
Font.registerHyphenationCallback((word) =>
  word.length <= LONGEST_WORD ? [word] : (word.match(new RegExp(`.{1,${LONGEST_WORD}}`, "gsu")) ?? [word]),
);

/** The PDF's bytes: the proposal pages, then the certificate page when there is one. */
export async function renderDocument(input: {
  document: SentDocument;
  documentId: string;
  validity: string;
  certificate?: CertificateFacts;
}): Promise<Uint8Array> {
  const { document, documentId, validity, certificate } = input;
  const theme = themeOf(document.settings);
  const pdf = (
    <Document
      title={`Proposal: ${document.content.projectName}`}
      author={company.legalName}
      subject={`Bid ${documentId}`}
      creator={company.legalName}
      producer={company.legalName}
    >
      <ProposalPages document={document} theme={theme} validity={validity} />
      {certificate && <CertificatePage facts={certificate} accent={theme.accent} />}
    </Document>
  );
  return new Uint8Array(await renderToBuffer(pdf));
}
