/**
 * The PDF of a sent bid: the proposal as it prints from the editor, and, once every signer has signed, the
 * certificate page after it, with the certificate's facts attached as a JSON file (the event log travels with
 * the file). Server-only, and pure: the caller brings every fact from the database. The layout engine
 * (document.tsx) loads on the first render, so the API's other calls start without it.
 */
import { normaliseBody } from "~/schemas/bid-body";
import { oneLine, shortDevice } from "~/schemas/single-line";
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

/** The name of the JSON file a PDF with a certificate page carries: its event log. */
export const EVENT_LOG_FILE = "event-log.json";

/**
 * The event log a certified PDF carries: what the certificate page states (every signer without the drawing,
 * which the page shows, and every event), as stored, so a program can read what the page prints.
 */
export function eventLog(facts: CertificateFacts): string {
  const { documentId, sentSha256, consentHash, verifyUrl } = facts;
  const signers = facts.signers.map(({ drawing: _drawing, ...signer }) => signer);
  return `${JSON.stringify({ documentId, sentSha256, consentHash, verifyUrl, signers, events: facts.events }, null, 2)}\n`;
}

/** The bid's PDF: its proposal pages, then, when `certificate` is given, the certificate page and the event log. */
export async function renderBidPdf(input: {
  document: SentDocument;
  documentId: string;
  expiresOn: string;
  certificate?: CertificateFacts;
}): Promise<Uint8Array> {
  const { renderDocument } = await import("./document");
  const pdf = await renderDocument({
    document: drawable(input.document),
    documentId: input.documentId,
    validity: validUntil(input.expiresOn),
    certificate: input.certificate && drawableFacts(input.certificate),
  });
  return input.certificate ? attachEventLog(pdf, input.certificate) : pdf;
}

/** The PDF with the certificate's event log attached (before the seal, which then covers it too). */
async function attachEventLog(pdf: Uint8Array, facts: CertificateFacts): Promise<Uint8Array> {
  const { PDFDocument } = await import("pdf-lib");
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  await doc.attach(new TextEncoder().encode(eventLog(facts)), EVENT_LOG_FILE, {
    mimeType: "application/json",
    description: "Event log: the signers and every event on the certificate page",
  });
  return doc.save({ updateFieldAppearances: false });
}

/**
 * The document with every text the faces draw made printable, its body the normalised tree the client's page
 * draws too; settings and the logo stay as they are.
 */
function drawable(document: SentDocument): SentDocument {
  // The letterhead's fields (and the file's Title, made from the project's name) print on one line.
  const content = Object.fromEntries(
    Object.entries(document.content).map(([key, value]) => [key, printable(oneLine(value))]),
  );
  return {
    ...document,
    content: content as SentDocument["content"],
    body: normaliseBody(document.body).map(drawableNode),
  };
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
      name: printable(oneLine(s.name)),
      email: printable(oneLine(s.email)),
      typedName: printable(oneLine(s.typedName)),
    })),
    events: facts.events.map((e) => ({
      ...e,
      kind: printable(e.kind),
      signer: text(e.signer && oneLine(e.signer)),
      ip: text(e.ip && oneLine(e.ip)),
      // The device, shortened to read at a glance; the event log keeps its whole description.
      userAgent: text(e.userAgent && shortDevice(e.userAgent)),
    })),
  };
}
