/**
 * The PDF of a sent bid: the proposal as it prints from the editor, and, once every signer has signed, the
 * certificate page after it. Server-only, and pure: the caller brings every fact from the database.
 */
import { Document, Font, renderToBuffer } from "@react-pdf/renderer";
import { createElement } from "react";
import { company } from "~/config/company";
import type { BodyNode, SentDocument } from "~/schemas/bids";
import { CertificatePage } from "./certificate";
import { ProposalPages } from "./proposal";
import { printable } from "./text";
import { themeOf } from "./theme";

/** What the certificate page states: the caller's facts from the sent version, its signers and its events. */
export interface CertificateFacts {
  documentId: string;
  sentSha256: string;
  consentHash: string;
  verifyUrl: string;
  signers: { name: string; email: string; typedName: string; signedAt: string; drawing: string | null }[];
  events: { kind: string; at: string; signer: string | null; ip: string | null; userAgent: string | null }[];
}

/** Words longer than this may break anywhere (a long address or name), as overflow-wrap: break-word does. */
const LONGEST_WORD = 24;

// Browsers do not hyphenate the proposal, so neither does the PDF: a word breaks only when it cannot fit a line.
Font.registerHyphenationCallback((word) =>
  word.length <= LONGEST_WORD ? [word] : (word.match(new RegExp(`.{1,${LONGEST_WORD}}`, "gsu")) ?? [word]),
);

/** "Valid until December 26, 2026": the expiry day (YYYY-MM-DD, company time) as a long US date. */
export function validUntil(expiresOn: string): string {
  const day = new Date(`${expiresOn}T12:00:00Z`);
  return `Valid until ${day.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" })}`;
}

/** The bid's PDF: its proposal pages, then the certificate page when `certificate` is given. */
export async function renderBidPdf(input: {
  document: SentDocument;
  documentId: string;
  expiresOn: string;
  certificate?: CertificateFacts;
}): Promise<Uint8Array> {
  const document = drawable(input.document);
  const certificate = input.certificate && drawableFacts(input.certificate);
  const { documentId, expiresOn } = input;
  const theme = themeOf(document.settings);
  const pages = [
    createElement(ProposalPages, { key: "proposal", document, theme, validity: validUntil(expiresOn) }),
    certificate && createElement(CertificatePage, { key: "certificate", facts: certificate, accent: theme.accent }),
  ];
  const pdf = createElement(
    Document,
    {
      title: `Proposal: ${document.content.projectName}`,
      author: company.legalName,
      subject: `Bid ${documentId}`,
      creator: company.legalName,
      producer: company.legalName,
    },
    pages,
  );
  return new Uint8Array(await renderToBuffer(pdf));
}

/** The document with every text the faces draw made printable; settings and the logo stay as they are. */
function drawable(document: SentDocument): SentDocument {
  const content = Object.fromEntries(Object.entries(document.content).map(([key, value]) => [key, printable(value)]));
  return { ...document, content: content as SentDocument["content"], body: document.body.map(drawableNode) };
}

function drawableNode(node: BodyNode): BodyNode {
  return typeof node === "string" ? printable(node) : { ...node, children: node.children.map(drawableNode) };
}

function drawableFacts(facts: CertificateFacts): CertificateFacts {
  const text = (value: string | null) => (value === null ? null : printable(value));
  return {
    ...facts,
    signers: facts.signers.map((s) => ({
      ...s,
      name: printable(s.name),
      email: printable(s.email),
      typedName: printable(s.typedName),
    })),
    events: facts.events.map((e) => ({
      ...e,
      kind: printable(e.kind),
      signer: text(e.signer),
      ip: text(e.ip),
      userAgent: text(e.userAgent),
    })),
  };
}
