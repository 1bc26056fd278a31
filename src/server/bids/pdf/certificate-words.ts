/**
 * The certificate page's words: English, or, when a signer reads Spanish, Spanish with the English field name
 * beside each ("Firmantes (Signers)"), so the record reads in the signer's language and stays checkable by anyone
 * who reads the English one.
 */
import type { BidLanguage } from "~/schemas/bid-fields";

const EN = {
  title: "Certificate of completion",
  documentId: "Document ID",
  sentSha256: "SHA-256 of the sent version",
  consentHash: "SHA-256 of the electronic signature disclosure",
  sealedBy: "Sealed by",
  sealNote: "PDF digital signature over this whole file",
  signers: "Signers",
  typedName: "Typed name",
  signedAt: "Signed at",
  events: "Events",
  time: "Time (UTC)",
  event: "Event",
  signer: "Signer",
  address: "Address",
  device: "Device",
  check: "Check this document at",
};

type Words = typeof EN;

const ES: Words = {
  title: "Certificado de firma",
  documentId: "Identificador del documento",
  sentSha256: "SHA-256 de la versión enviada",
  consentHash: "SHA-256 del aviso de firma electrónica",
  sealedBy: "Sellado por",
  sealNote: "firma digital PDF sobre todo este archivo",
  signers: "Firmantes",
  typedName: "Nombre escrito",
  signedAt: "Firmado el",
  events: "Eventos",
  time: "Hora (UTC)",
  event: "Evento",
  signer: "Firmante",
  address: "Dirección IP",
  device: "Dispositivo",
  check: "Verifique este documento en",
};

/** The certificate's words in `language`: Spanish ones carry the English name in parentheses. */
export function certificateWords(language: BidLanguage = "en"): Words {
  if (language === "en") return EN;
  return Object.fromEntries(
    Object.entries(ES).map(([key, word]) => [key, `${word} (${EN[key as keyof Words]})`]),
  ) as Words;
}
