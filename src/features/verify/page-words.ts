/**
 * /verify's page words in English and Spanish: rendered into the HTML at build time, never shipped in the
 * page's script (its result words are ./messages/{en,es}.ts).
 */
export interface VerifyPageWords {
  title: string;
  description: (company: string) => string;
  eyebrow: string;
  heroTitle: string;
  lead: (company: string) => string;
  chooseHeading: string;
  howItWorks: string;
  nothingUploaded: string;
  fileLabel: string;
  orDrag: string;
  noScript: string;
  /** The switch to the other language, written in that language. */
  switchTo: string;
}

export const verifyPageWords: Record<"en" | "es", VerifyPageWords> = {
  en: {
    title: "Verify a Signed Proposal",
    description: (company) =>
      `Check that a signed proposal PDF was sealed by ${company} and has not been changed since. The file stays on your device.`,
    eyebrow: "Verify a document",
    heroTitle: "Check a signed proposal",
    lead: (company) =>
      `Every proposal signed online with ${company} is sealed: the signed PDF gets a certificate page and a digital signature. Check here that a copy is exactly the file we sealed.`,
    chooseHeading: "Choose the PDF to check",
    howItWorks:
      "Your browser computes the file's fingerprint (its SHA-256) and asks us whether we sealed a file with exactly that fingerprint. A single changed character gives a different fingerprint.",
    nothingUploaded: "Nothing is uploaded: the file stays on your device; only its fingerprint is sent.",
    fileLabel: "Signed proposal (PDF)",
    orDrag: "Or drag the file here.",
    noScript:
      "Checking a file needs JavaScript, which computes its fingerprint in your browser. Turn it on and reload the page.",
    switchTo: "Español",
  },
  es: {
    title: "Verificar una propuesta firmada",
    description: (company) =>
      `Compruebe que el PDF de una propuesta firmada fue sellado por ${company} y no ha cambiado desde entonces. El archivo no sale de su dispositivo.`,
    eyebrow: "Verificar un documento",
    heroTitle: "Compruebe una propuesta firmada",
    lead: (company) =>
      `Cada propuesta firmada en línea con ${company} queda sellada: el PDF firmado recibe una página de certificado y una firma digital. Compruebe aquí que una copia es exactamente el archivo que sellamos.`,
    chooseHeading: "Elija el PDF que quiere comprobar",
    howItWorks:
      "Su navegador calcula la huella del archivo (su SHA-256) y nos pregunta si sellamos un archivo con exactamente esa huella. Un solo carácter cambiado da una huella distinta.",
    nothingUploaded: "No se sube nada: el archivo no sale de su dispositivo; solo se envía su huella.",
    fileLabel: "Propuesta firmada (PDF)",
    orDrag: "O arrastre el archivo aquí.",
    noScript:
      "Para comprobar un archivo hace falta JavaScript, que calcula su huella en su navegador. Actívelo y vuelva a cargar la página.",
    switchTo: "English",
  },
};
