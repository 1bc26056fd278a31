/**
 * The one seam between the bid flow and the PDF engine (src/server/bids/pdf/): loaded on first use by dynamic
 * import, so routes that never render (every other API call) start without it, and replaceable in tests, which
 * then do not depend on the real renderer's speed.
 */
import type { CertificateFacts } from "./pdf/render";
import type { SentDocument } from "~/schemas/bids";

export type { CertificateFacts };

/** What the bid flow needs of the PDF engine. */
export interface BidPdf {
  render(input: {
    document: SentDocument;
    documentId: string;
    expiresOn: string;
    certificate?: CertificateFacts;
  }): Promise<Uint8Array>;
  seal(pdf: Uint8Array): Promise<Uint8Array>;
}

let replacement: BidPdf | undefined;

/** Tests put a fast engine in place (undefined restores the real one). */
export function useBidPdf(engine: BidPdf | undefined): void {
  replacement = engine;
}

/** The PDF engine: the test's replacement, or the real one loaded now. */
export async function bidPdf(): Promise<BidPdf> {
  if (replacement) return replacement;
  const [{ renderBidPdf }, { sealPdf }] = await Promise.all([import("./pdf/render"), import("./pdf/seal")]);
  return { render: renderBidPdf, seal: sealPdf };
}
