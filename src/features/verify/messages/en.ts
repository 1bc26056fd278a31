/**
 * /verify's script words in English: the result panel's sentences and the event table. The Spanish page loads
 * ./es.ts instead, so each page's script carries only its own language.
 */
export interface VerifyWords {
  /** The locale dates are written in. */
  locale: string;
  and: string;
  notPdfHeading: string;
  notPdf: (file: string) => string;
  checking: (file: string) => string;
  sealedHeading: string;
  sealedSummary: (company: string, moment: string, names: string) => string;
  project: string;
  amount: string;
  documentId: string;
  signedBy: (name: string) => string;
  eventLog: string;
  eventColumns: readonly [string, string, string, string];
  /** An event's kind in words, shown with the stored kind beside it; a kind missing here is shown as stored. */
  eventKinds: Readonly<Record<string, string>>;
  unknownHeading: string;
  notSealed: string;
  failedHeading: string;
  serverAnswered: (status: number) => string;
  network: string;
}

export const en: VerifyWords = {
  locale: "en-US",
  and: "and",
  notPdfHeading: "Choose a PDF file.",
  notPdf: (file) => `${file} is not a PDF.`,
  checking: (file) => `Checking ${file}…`,
  sealedHeading: "This is a document we sealed, unchanged.",
  sealedSummary: (company, moment, names) => `Sealed by ${company} on ${moment} for ${names}.`,
  project: "Project",
  amount: "Amount",
  documentId: "Document ID",
  signedBy: (name) => `Signed by ${name}`,
  eventLog: "Event log",
  eventColumns: ["Time (UTC)", "Event", "Signer", "Address"],
  eventKinds: {},
  unknownHeading: "Not a sealed document",
  notSealed: "This file is not a document we sealed, or it was changed after sealing.",
  failedHeading: "The check did not finish",
  serverAnswered: (status) => `The server answered ${status}.`,
  network: "We could not reach the server. Check your connection and try again.",
};
