/**
 * The seal of a signed bid: a PDF digital signature (PKCS#7 detached) over the whole file, made with the
 * company's certificate, so any PDF reader shows whether a byte changed since. The certificate is the P12
 * in BID_SEAL_P12 (base64) with BID_SEAL_PASSPHRASE; without it (development, tests) a self-signed one for
 * the company's name, made once per process. The signing libraries load on the first seal, so the API's
 * other calls start without them.
 */
import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import type { pki } from "node-forge";
import { company } from "~/config/company";
import { env } from "~/server/env";

/** The certificate a seal is made with: a PKCS#12 file and its passphrase. */
export interface SealingCertificate {
  p12: Buffer;
  passphrase: string;
}

/** Room for the PKCS#7 signature: the certificate chain and an RSA signature, with space for a longer chain. */
const SIGNATURE_BYTES = 16_384;
/** A self-signed certificate is only for development and tests; a year is longer than any run. */
const SELF_SIGNED_DAYS = 365;

let selfSigned: Promise<SealingCertificate> | undefined;

/** The configured company certificate, else this process's self-signed one (made on first use). */
export function sealingCertificate(): Promise<SealingCertificate> {
  const { BID_SEAL_P12, BID_SEAL_PASSPHRASE } = env();
  if (BID_SEAL_P12) {
    return Promise.resolve({ p12: Buffer.from(BID_SEAL_P12, "base64"), passphrase: BID_SEAL_PASSPHRASE ?? "" });
  }
  // Making the key takes a moment; every seal of the process shares the one promise.
  selfSigned ??= makeSelfSigned().catch((error: unknown) => {
    selfSigned = undefined;
    throw error;
  });
  return selfSigned;
}

/** The PDF with a signature over all of it, in a new revision written by pdf-lib. */
export async function sealPdf(pdf: Uint8Array): Promise<Uint8Array> {
  const [{ p12, passphrase }, { pdflibAddPlaceholder }, { SignPdf }, { P12Signer }, { PDFDocument }] =
    await Promise.all([
      sealingCertificate(),
      import("@signpdf/placeholder-pdf-lib"),
      import("@signpdf/signpdf"),
      import("@signpdf/signer-p12"),
      import("pdf-lib"),
    ]);
  const pdfDoc = await PDFDocument.load(pdf);
  pdflibAddPlaceholder({
    pdfDoc,
    reason: `Signed electronically by every signer; sealed by ${company.legalName}`,
    contactInfo: company.email,
    name: company.legalName,
    location: `${company.city}, ${company.region}`,
    signatureLength: SIGNATURE_BYTES,
    appName: company.legalName,
  });
  // The placeholder's byte range must stay where signpdf finds it: no object streams.
  const withPlaceholder = await pdfDoc.save({ useObjectStreams: false });
  const signed = await new SignPdf().sign(Buffer.from(withPlaceholder), new P12Signer(p12, { passphrase }));
  return new Uint8Array(signed);
}

/**
 * A self-signed certificate for the company's name, as a P12. The key comes from Node's own RSA (native,
 * fast); node-forge, which signpdf reads certificates with, makes the certificate and the P12.
 */
async function makeSelfSigned(): Promise<SealingCertificate> {
  const { default: forge } = await import("node-forge");
  const { privateKey } = await promisify(generateKeyPair)("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(15))}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + SELF_SIGNED_DAYS * 86_400_000);
  const subject = [
    { name: "commonName", value: company.legalName },
    { name: "organizationName", value: company.legalName },
    { name: "countryName", value: "US" },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = forge.util.bytesToHex(forge.random.getBytesSync(16));
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: "3des" });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary"), passphrase };
}
