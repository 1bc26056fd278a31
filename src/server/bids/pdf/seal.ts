/**
 * TEMPORARY STAND-IN (bids-server branch): the real sealer (@signpdf with the company's P12) is built in the
 * bids-pdf branch and replaces this file at merge. This one returns the PDF unchanged.
 */
export async function sealPdf(pdf: Uint8Array): Promise<Uint8Array> {
  return pdf;
}
