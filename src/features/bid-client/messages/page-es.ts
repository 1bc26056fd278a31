/** The client's page's static words in Spanish, written into the HTML at build time. */
import { BID_CODE } from "~/schemas/bid-fields";
import type { BidPageWords } from "./page-en";

export const pageEs: BidPageWords = {
  lang: "es",
  title: (company) => `Su propuesta | ${company}`,
  description: (company) => `Una propuesta de ${company}.`,
  switchTo: "English",
  noscriptHeading: "Active JavaScript para abrir su propuesta",
  noscriptText: (phone) =>
    `Esta página muestra y firma su propuesta en el navegador. Active JavaScript y abra de nuevo el enlace del correo electrónico, o llame al ${phone} y le ayudaremos.`,
  loading: "Abriendo su propuesta…",
  read: {
    heading: "Su propuesta",
    signers: "Firmantes",
    download: "Descargar PDF",
    goDecide: "Ir a Aceptar o Rechazar",
    decision: "Su decisión",
    steps:
      "Aceptar lleva dos pasos más: acepta firmar electrónicamente y confirma un código que le enviamos por correo electrónico; después firma.",
    accept: "Aceptar y firmar",
    decline: "Rechazar",
    reason: "Motivo del rechazo (opcional)",
    declineSend: "Envíeme un código para rechazar",
    codeLabel: `Código de ${BID_CODE.digits} dígitos`,
    keepOpen: "Mantener la propuesta abierta",
  },
  consent: {
    heading: "Acepte firmar electrónicamente",
    region: "Aviso sobre la firma electrónica",
    agree: "Leí el aviso de arriba y acepto firmar esta propuesta electrónicamente.",
    emailCode: "Envíeme un código",
    back: "Volver a la propuesta",
    codeHeading: "Escriba el código",
    codeLabel: `Código de ${BID_CODE.digits} dígitos`,
    continue: "Continuar",
    resend: "Enviar un código nuevo",
  },
  sign: {
    heading: "Firme la propuesta",
    name: "Su nombre completo",
    draw: "Dibuje su firma (opcional)",
    hint: "Use un dedo, un lápiz o el ratón. Su nombre escrito es su firma de todos modos, así que puede omitir este paso.",
    pad: "Área para dibujar la firma",
    clear: "Borrar el dibujo",
    accept: "Acepto esta propuesta y la firmo",
    back: "Volver a la propuesta",
  },
  notice: {
    signed: "Firmada",
    download: "Descargar PDF",
    renewal: "Pedir una nueva propuesta",
    questions: "¿Preguntas? Llame al",
    orEmail: "o escriba a",
  },
};
