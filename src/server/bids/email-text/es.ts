/** What a bid's e-mails to its signers say in Spanish; dates through Intl in es-US. */
import { BID_CODE } from "~/schemas/bid-fields";
import type { SignerMailText } from "./en";

export const signerMailEs: SignerMailText = {
  locale: "es-US",
  until: (day) => `Se puede firmar hasta el final del ${day}.`,
  link: {
    subject: (f) => `Propuesta de ${f.company}: ${f.project}`,
    intro: (f) => `Hola, ${f.signer}: ${f.sender}, de ${f.company}, le envió una propuesta para ${f.what}. ${f.until}`,
    messageFrom: (sender) => `Mensaje de ${sender}:`,
  },
  code: {
    subject: (f) => `Su código para firmar la propuesta para ${f.project}`,
    text: (code) => `Su código es ${code}. Es válido durante ${BID_CODE.ttlMinutes} minutos.`,
  },
  reminder: {
    subject: (f) => `Recordatorio: propuesta para ${f.project}`,
    waits: (f) => `La propuesta para ${f.what} lo espera.`,
    expires: (f) => `La propuesta para ${f.what} vence pronto.`,
    how: (f) =>
      `${f.sender} se la envió el ${f.sent}. Ábrala con su enlace personal de abajo (el del primer correo también sirve); no reenvíe este correo.`,
  },
  sealed: {
    subject: (f) => `Propuesta firmada: ${f.project}`,
    text: (f) => `Todos firmaron la propuesta para ${f.what}. Adjuntamos el PDF firmado.`,
    check: (url, sha256) => `Cualquiera puede verificar ese archivo en ${url} (su huella digital: ${sha256}).`,
  },
};
