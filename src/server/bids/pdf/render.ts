/**
 * The PDF of a sent bid: the proposal as it prints from the editor, and, once every signer has signed, the
 * certificate page after it. Server-only, and pure: the caller brings every fact from the database. The
 * layout engine (document.tsx) loads on the first render, so the API's other calls start without it.
 */
import type { BidLanguage } from "~/schemas/bid-fields";
import type { BodyNode, SentDocument } from "~/schemas/bids";
import { printable } from "./text";

/** What the certificate page states: the caller's facts from the sent version, its signers and its events. */
export interface CertificateFacts {
  documentId: string;
  sentSha256: string;
  consentHash: string;
  verifyUrl: string;
  /** The certificate's language: Spanish (with the English field names beside) when a signer reads Spanish. */
  language?: BidLanguage;
  signers: { name: string; email: string; typedName: string; signedAt: string; drawing: string | null }[];
  events: { kind: string; at: string; signer: string | null; ip: string | null; userAgent: string | null }[];
}

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
  const { renderDocument } = await import("./document");
  return renderDocument({
    document: drawable(input.document),
    documentId: input.documentId,
    validity: validUntil(input.expiresOn),
    certificate: input.certificate && drawableFacts(input.certificate),
  });
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
