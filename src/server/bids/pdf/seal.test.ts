import { afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "~/server/env";
import { certificateFacts, defaultSentDocument, FIXTURE_DOCUMENT_ID } from "../../../../test/fixtures/bid-document";
import { png } from "../../../../test/fixtures/png";
import { pdfPages, pdfSignatures } from "../../../../test/pdf";
import { renderBidPdf } from "./render";
import { sealingCertificate, sealPdf } from "./seal";

const VALID = "Signature is Valid.";

/** The default proposal with its certificate: two signers, one of whom drew a signature. */
function signedBid() {
  const drawing = `data:image/png;base64,${png(600, 200, 40).toString("base64")}`;
  const certificate = certificateFacts();
  certificate.signers.push({
    name: "John Client",
    email: "john@example.com",
    typedName: "John Client",
    signedAt: "2026-11-28T09:00:00Z",
    drawing,
  });
  return renderBidPdf({
    document: defaultSentDocument(),
    documentId: FIXTURE_DOCUMENT_ID,
    expiresOn: "2026-12-26",
    certificate,
  });
}

describe("sealPdf", () => {
  afterEach(() => {
    delete process.env.BID_SEAL_P12;
    delete process.env.BID_SEAL_PASSPHRASE;
    resetEnv();
  });

  it("signs the whole file: pdfsig finds the signature valid (the self-signed issuer is unknown, not the signature)", async () => {
    const sealed = await sealPdf(await signedBid());
    const { code, validation, out } = await pdfSignatures(sealed);
    expect(code).toBe(0);
    expect(validation).toEqual([VALID]);
    expect(out).toContain("Signature Type: adbe.pkcs7.detached");
    expect(out).toContain("Total document signed");
    expect(out).toContain("Anchor Line Construction LLC");
    expect(await pdfPages(sealed)).toBe(2);
    expect(sealed.byteLength).toBeLessThanOrEqual(500 * 1024);
  });

  it("fails verification once one byte inside the signed range changes", async () => {
    const sealed = await sealPdf(await signedBid());
    const tampered = sealed.slice();
    // The middle of the first signed range (the file up to the signature's placeholder).
    const range = /\/ByteRange\s*\[\s*0\s+(\d+)/.exec(Buffer.from(sealed).toString("latin1"));
    const at = Math.floor(Number(range?.[1]) / 2);
    expect(at).toBeGreaterThan(1000);
    tampered[at] ^= 0x01;
    const { validation } = await pdfSignatures(tampered);
    expect(validation).toHaveLength(1);
    expect(validation[0]).not.toBe(VALID);
  });

  it("renders and seals the default proposal well under a second once warm", async () => {
    await sealPdf(await signedBid());
    const started = performance.now();
    await sealPdf(await signedBid());
    const ms = performance.now() - started;
    console.info(`render + seal of the default proposal with its certificate: ${ms.toFixed(0)} ms`);
    // The shared machine's slowest runs stay far inside this; the bound catches a regression of kind, not noise.
    expect(ms).toBeLessThan(3000);
  });

  it("seals with the configured company certificate when BID_SEAL_P12 is set", async () => {
    const own = await sealingCertificate();
    process.env.BID_SEAL_P12 = own.p12.toString("base64");
    process.env.BID_SEAL_PASSPHRASE = own.passphrase;
    resetEnv();
    const configured = await sealingCertificate();
    expect(configured).not.toBe(own);
    expect(configured.p12.equals(own.p12)).toBe(true);
    const { validation } = await pdfSignatures(await sealPdf(await signedBid()));
    expect(validation).toEqual([VALID]);
  });

  it("refuses a configured certificate with the wrong passphrase", async () => {
    const own = await sealingCertificate();
    process.env.BID_SEAL_P12 = own.p12.toString("base64");
    process.env.BID_SEAL_PASSPHRASE = "not the passphrase";
    resetEnv();
    await expect(sealPdf(await signedBid())).rejects.toThrow();
  });

  it("makes the self-signed certificate once per process", async () => {
    expect(await sealingCertificate()).toBe(await sealingCertificate());
  });
});
