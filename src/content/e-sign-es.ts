/**
 * The consumer disclosure in Spanish, for a signer whose language is Spanish: its own text (counsel edits it
 * beside the English one in ./e-sign.ts), with its own SHA-256 recorded on the consent and the signature, so a
 * record names exactly the words its signer read.
 */
import { company } from "~/config/company";

const contact = `${company.legalName}, ${company.email}, ${company.phone.display}`;

/** The disclosure, as paragraphs of plain text (never markup). */
export const E_SIGN_DISCLOSURE_ES: readonly string[] = [
  `${company.legalName} le pide su consentimiento para firmar esta propuesta electrónicamente y recibir sus registros en forma electrónica. Este consentimiento cubre solo esta propuesta: la propuesta tal como se envió, su firma o su rechazo, y el registro de la firma (el certificado y el PDF firmado).`,
  `Puede tener una copia en papel de esta propuesta y de su registro firmado en cualquier momento, sin costo: pídala a ${contact}. Pedir papel no retira su consentimiento.`,
  `Puede retirar su consentimiento antes de firmar: no firme y avísenos a ${contact}; entonces le enviaremos la propuesta en papel para firmarla a mano, lo que puede tardar más. Retirar el consentimiento después de firmar no anula la firma ni cambia los registros ya hechos: los registros siguientes se los enviaremos en papel.`,
  "Para abrir y guardar estos registros necesita: un dispositivo con un navegador web actual (Chrome, Safari, Edge o Firefox) y conexión a internet, un programa que abra archivos PDF (la mayoría de los navegadores lo hacen), una cuenta de correo electrónico que reciba nuestros mensajes, y espacio de almacenamiento o una impresora para guardar una copia.",
  `Si su dirección de correo electrónico cambia, o deja de recibir nuestros mensajes, avísenos a ${contact} para que los registros le lleguen.`,
  "Al marcar la casilla, usted confirma que puede abrir y guardar estos registros, y que acepta usar registros electrónicos y una firma electrónica para esta propuesta.",
];
