/** The client's page in Spanish (es-US): the same catalogue as ./en.ts, word for word in meaning. */
import { BID_CODE } from "~/schemas/bid-fields";
import type { BidMessages } from "./en";

export const es: BidMessages = {
  lang: "es",
  locale: "es-US",
  network: "No pudimos comunicarnos con el servidor. Revise su conexión e inténtelo de nuevo.",
  proposalFor: (project) => `Propuesta para ${project}`,
  yourProposal: "Su propuesta",
  from: (sender, company, day) => `De ${sender}, ${company}. Enviada el ${day}.`,
  messageFrom: (sender) => `Mensaje de ${sender}`,
  downloadSigned: "Descargar el PDF firmado",
  download: "Descargar PDF",
  sealedReady: "El PDF firmado está listo para descargar.",
  renewalAsked: (sender) => `Le pedimos a ${sender} una nueva propuesta. Le llegará por correo electrónico.`,
  validUntil: (day) => `Válida hasta el ${day}`,
  tickConsent: "Marque la casilla para aceptar firmar electrónicamente.",
  codeSent: (email) =>
    `Enviamos un código de ${BID_CODE.digits} dígitos a ${email}. Es válido durante ${BID_CODE.ttlMinutes} minutos.`,
  codeSentAnnounce: "Código enviado. Revise su correo electrónico.",
  newCodeAnnounce: "Enviamos un código nuevo. Revise su correo electrónico.",
  codeShape: `Escriba el código de ${BID_CODE.digits} dígitos del correo electrónico`,
  signSummary: (project, amount) => `Está firmando la propuesta para ${project}, oferta base de ${amount}.`,
  typeName: "Escriba su nombre completo para firmar.",
  unprintable: (char, codePoint) =>
    `“${char}” (${codePoint}) no se puede imprimir en el documento firmado. Quítelo o escríbalo de otra manera.`,
  codeConfirmed: "Código confirmado.",
  codeRefused: {
    "no-code": "Primero pida un código.",
    locked: "Demasiados códigos incorrectos: pídanos que le enviemos la propuesta de nuevo.",
    spent: "Demasiados intentos con este código: pida un código nuevo.",
    expired: `El código venció (es válido durante ${BID_CODE.ttlMinutes} minutos): pida uno nuevo.`,
    wrong: "Ese no es el código que enviamos.",
  },
  codeAgain: "Escriba su código de nuevo o pida uno nuevo: el que confirmó ya no sirve para firmar.",
  triesLeft: (n) => (n === 1 ? "Le queda 1 intento." : `Le quedan ${n} intentos.`),
  declineSend: "Envíeme un código para rechazar",
  declineConfirm: "Rechazar esta propuesta",
  declineCodeSent: (email) =>
    `Para rechazar, escriba el código de ${BID_CODE.digits} dígitos que enviamos a ${email}. Es válido durante ${BID_CODE.ttlMinutes} minutos.`,
  withdrawn: {
    heading: "Esta propuesta fue retirada",
    text: (sender) =>
      `${sender} retiró esta propuesta, así que ya no se puede firmar. Llámenos o escríbanos si tiene preguntas.`,
  },
  replaced: {
    heading: "Esta propuesta fue reemplazada",
    text: "Una propuesta más reciente reemplazó a esta; use el enlace del correo más reciente.",
  },
  youDeclined: "Usted rechazó esta propuesta",
  declinedHeading: "Esta propuesta fue rechazada",
  declinedText: (who, sender) => `${who ?? "Usted"} rechazó esta propuesta. Ya se le avisó a ${sender}.`,
  aSigner: "Un firmante",
  expired: {
    heading: (day) => `Esta propuesta venció el ${day}`,
    text: (sender) =>
      `Ya no se puede firmar. Pídale a ${sender} una nueva propuesta y le llegará por correo electrónico.`,
  },
  staff: {
    heading: "El personal no puede firmar en nombre del cliente",
    text: "Tiene una sesión abierta en el portal del personal en este navegador. El personal no puede ver ni firmar la propuesta de un cliente como si fuera el cliente; abra la propuesta desde la pantalla de Propuestas.",
  },
  tooMany: { heading: "Demasiados intentos", text: (wait) => `Demasiados intentos, inténtelo de nuevo ${wait}.` },
  invalidLink: {
    heading: "Este enlace no es válido",
    text: "Compruebe que abrió el enlace completo del correo electrónico. Si aun así no funciona, llámenos o escríbanos y le enviaremos uno nuevo.",
  },
  progress: { signed: "Firmó", declined: "Rechazó", waiting: "Aún no firma" },
  done: {
    youSigned: "Usted firmó",
    waitingFor: (names) =>
      `Gracias. La propuesta queda completa cuando ${names} también firme; después todos reciben el PDF firmado por correo electrónico.`,
    signed: "Firmada",
    sealed:
      "Todos los firmantes firmaron. Descargue el PDF firmado abajo; también se lo enviamos por correo electrónico.",
    sealing:
      "Todos los firmantes firmaron. Estamos preparando el PDF firmado; lo podrá descargar aquí y también se lo enviaremos por correo electrónico.",
  },
  and: "y",
  wait: {
    later: "más tarde",
    seconds: (n) => (n === 1 ? "en 1 segundo" : `en ${n} segundos`),
    minutes: (n) => (n === 1 ? "en 1 minuto" : `en ${n} minutos`),
  },
};
